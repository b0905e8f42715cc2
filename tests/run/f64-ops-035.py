import torch
import torch.nn.functional as F
torch.manual_seed(784)
a = (torch.arange(30, dtype=torch.float64).reshape(3, 5, 2) - 15) / 7
b = (torch.randn(3, 5, 2) * 3).to(torch.float64)
b32 = torch.randn(3, 5, 2)
bi = torch.arange(30).reshape(3, 5, 2) - 3
z64 = torch.tensor(1.7851453450524772, dtype=torch.float64)
z32 = torch.tensor(0.09651286364510447)
p = torch.randn(15, 8, dtype=torch.float64) * 1e-3
q = (torch.randn(8, 8) * 3).to(torch.float64)
print((p[0] @ q).tolist())
c = a.clone()
c += 0.25
print((c).tolist())
print((a.float().mean(dtype=torch.float64)).tolist())
print(a.softmax(dim=2))
print((a.softmax(dim=2)).tolist())
print(torch.tril(a))
print((torch.tril(a)).tolist())
print((torch.stack([a, b])).tolist())
a = torch.rand(2, dtype=torch.float64) + 1
b = torch.rand(2, dtype=torch.float64) * 1e-3
b32 = torch.randn(2)
bi = torch.arange(2).reshape(2) - 3
z64 = torch.tensor(2.6775380568302234, dtype=torch.float64)
z32 = torch.tensor(0.18072926261068467)
print((a.transpose(0, -1).sum(0)).tolist())
c = a.clone()
c /= 0.25
print(c)
print((c).tolist())
print((a.argmin(0)).tolist())
a = (torch.randn(3) * 1e-3).double()
b = (torch.randn(3)).double()
b32 = torch.randn(3)
bi = torch.arange(3).reshape(3) - 3
z64 = torch.tensor(-1.4131731062568298, dtype=torch.float64)
z32 = torch.tensor(-1.353097230507864)
print((F.softmax(a * 5, dim=-1)).tolist())
print((a.argmin()).tolist())
c = a.clone()
c -= 0.25
print(c)
print((c).tolist())
print((a.argmax()).tolist())
