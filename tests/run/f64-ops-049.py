import torch
import torch.nn.functional as F
torch.manual_seed(127)
a = (torch.randn(3, 1)).double()
b = (torch.randn(3, 1) * 1e6).double()
b32 = torch.randn(3, 1)
bi = torch.arange(3).reshape(3, 1) - 3
z64 = torch.tensor(1.967771749398434, dtype=torch.float64)
z32 = torch.tensor(0.8886726817289574)
print((a - b).tolist())
p = (torch.randn(8, 40) * 10).double()
q = (torch.randn(40, 15) * 3).to(torch.float64)
print((q.t() @ p.t()).t())
print(((q.t() @ p.t()).t()).tolist())
print((torch.softmax(a, 1)).tolist())
print(torch.where(a > b, a, b))
print((torch.where(a > b, a, b)).tolist())
a = (torch.arange(20, dtype=torch.float64).reshape(5, 4) - 10) / 7
b = (torch.randn(5, 4) * 10).double()
b32 = torch.randn(5, 4)
bi = torch.arange(20).reshape(5, 4) - 3
z64 = torch.tensor(-0.23380504061666407, dtype=torch.float64)
z32 = torch.tensor(2.0458075942602028)
p = (torch.arange(465, dtype=torch.float64).reshape(31, 15) - 232) / 7
q = torch.randn(15, 3, dtype=torch.float64) * 1e6
print(p @ q)
print((p @ q).tolist())
print(a.argmax())
print((a.argmax()).tolist())
print(a.transpose(0, -1).sum(1))
print((a.transpose(0, -1).sum(1)).tolist())
c = a.clone()
c *= 0.25
print(c)
print((c).tolist())
p = (torch.randn(33, 3) * 10).double()
q = (torch.randn(3, 16)).double()
print(p.mm(q))
print((p.mm(q)).tolist())
print(a - b32)
print((a - b32).tolist())
a = (torch.arange(4, dtype=torch.float64).reshape(4) - 2) / 7
b = (torch.randn(4) * 3).to(torch.float64)
b32 = torch.randn(4)
bi = torch.arange(4).reshape(4) - 3
z64 = torch.tensor(-2.675266113615013, dtype=torch.float64)
z32 = torch.tensor(1.572824550051477)
print(a.sum())
print((a.sum()).tolist())
print(a ** 0)
print((a ** 0).tolist())
print((a.min()).tolist())
