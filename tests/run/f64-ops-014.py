import torch
import torch.nn.functional as F
torch.manual_seed(243)
a = (torch.randn(5, 5) * 3).to(torch.float64)
b = torch.randn(5, 5, dtype=torch.float64) * 1e-3
b32 = torch.randn(5, 5)
bi = torch.arange(25).reshape(5, 5) - 3
z64 = torch.tensor(-0.7204896029428971, dtype=torch.float64)
z32 = torch.tensor(2.1555084512426212)
print(a >= b)
print((a >= b).tolist())
c = a.clone()
c += 3
print(c)
print((c).tolist())
print((torch.stack([a, b])).tolist())
print((a.exp()).tolist())
print((a.argmin(0)).tolist())
a = torch.randn(7, 33, dtype=torch.float64) * 1e-3
b = (torch.arange(231, dtype=torch.float64).reshape(7, 33) - 115) / 7
b32 = torch.randn(7, 33)
bi = torch.arange(231).reshape(7, 33) - 3
z64 = torch.tensor(0.0012282851518508053, dtype=torch.float64)
z32 = torch.tensor(-0.432281494276479)
print((a ** -2).tolist())
p = (torch.randn(16, 7) * 3).to(torch.float64)
q = (torch.arange(14, dtype=torch.float64).reshape(7, 2) - 7) / 7
print((q.t() @ p.t()).t())
print(((q.t() @ p.t()).t()).tolist())
print(a.min())
print((a.min()).tolist())
print((torch.where(a > 0, a, 0.3)).tolist())
p = torch.randn(40, 31, dtype=torch.float64)
q = (torch.randn(31, 15) + 1).double()
print(p.mm(q))
print((p.mm(q)).tolist())
print(a.sum())
print((a.sum()).tolist())
a = torch.rand(16, dtype=torch.float64) + 1
b = (torch.arange(16, dtype=torch.float64).reshape(16) - 8) / 7
b32 = torch.randn(16)
bi = torch.arange(16).reshape(16) - 3
z64 = torch.tensor(1.699466664556092, dtype=torch.float64)
z32 = torch.tensor(-2.0932337925372724)
print((a.sum()).tolist())
print(a.mean())
print((a.mean()).tolist())
p = (torch.randn(16, 15) * 1e-3).double()
q = torch.randn(15, 8, dtype=torch.float64) * 1e6
print((p[0].dot(p[0])).tolist())
print(a.sum())
print((a.sum()).tolist())
print(a.abs())
print((a.abs()).tolist())
print(torch.softmax(a, -1))
print((torch.softmax(a, -1)).tolist())
