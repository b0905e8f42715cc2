import torch
import torch.nn.functional as F
torch.manual_seed(205)
a = torch.rand(8, dtype=torch.float64) * 10
b = torch.randn(8, dtype=torch.float64) * 10
b32 = torch.randn(8)
bi = torch.arange(8).reshape(8) - 3
z64 = torch.tensor(2.1017634027239502, dtype=torch.float64)
z32 = torch.tensor(-0.5285561200709177)
print(torch.where(a > 0, a, 0.3))
print((torch.where(a > 0, a, 0.3)).tolist())
print((a.transpose(0, -1).sum(0)).tolist())
print((a % z32).tolist())
print(a.mean())
print((a.mean()).tolist())
c = a.clone()
c *= 3
print(c)
print((c).tolist())
a = (torch.arange(8, dtype=torch.float64).reshape(1, 8) - 4) / 7
b = (torch.randn(1, 8) * 3).to(torch.float64)
b32 = torch.randn(1, 8)
bi = torch.arange(8).reshape(1, 8) - 3
z64 = torch.tensor(2.977184143878058, dtype=torch.float64)
z32 = torch.tensor(-1.1197835659213413)
print((2 / a).tolist())
print(a.max())
print((a.max()).tolist())
p = (torch.randn(17, 2) * 1e6).double()
q = (torch.arange(10, dtype=torch.float64).reshape(2, 5) - 5) / 7
print(p[0].dot(p[0]))
print((p[0].dot(p[0])).tolist())
