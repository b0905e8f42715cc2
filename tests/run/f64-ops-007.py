import torch
import torch.nn.functional as F
torch.manual_seed(809)
a = (torch.randn(7, 16, 2)).double()
b = (torch.arange(224, dtype=torch.float64).reshape(7, 16, 2) - 112) / 7
b32 = torch.randn(7, 16, 2)
bi = torch.arange(224).reshape(7, 16, 2) - 3
z64 = torch.tensor(-2.0616861508945874, dtype=torch.float64)
z32 = torch.tensor(2.139672968565641)
print(a.argmax(0))
print((a.argmax(0)).tolist())
c = a.clone()
c += b
print(c)
print((c).tolist())
p = (torch.arange(165, dtype=torch.float64).reshape(5, 33) - 82) / 7
q = torch.randn(33, 40, dtype=torch.float64) * 1e-3
print((p @ p.t()).tolist())
print((a.abs() + 0.5) ** 0.5)
print(((a.abs() + 0.5) ** 0.5).tolist())
print((a.softmax(dim=2)).tolist())
a = torch.randn(17, 17, dtype=torch.float64)
b = torch.randn(17, 17, dtype=torch.float64) * 1e-3
b32 = torch.randn(17, 17)
bi = torch.arange(289).reshape(17, 17) - 3
z64 = torch.tensor(-0.4661657999924005, dtype=torch.float64)
z32 = torch.tensor(-1.3929265977532324)
print(a / bi)
print((a / bi).tolist())
print(F.softmax(a * 5, dim=-2))
print((F.softmax(a * 5, dim=-2)).tolist())
c = a.clone()
c -= b
print(c)
print((c).tolist())
c = a.clone()
c *= b
print(c)
print((c).tolist())
a = torch.rand(3, dtype=torch.float64) * 1e-3
b = (torch.arange(3, dtype=torch.float64).reshape(3) - 1) / 7
b32 = torch.randn(3)
bi = torch.arange(3).reshape(3) - 3
z64 = torch.tensor(0.7893822453388903, dtype=torch.float64)
z32 = torch.tensor(-0.6303304711830222)
print((a != bi).tolist())
print(torch.sum(a.float(), dtype=torch.float64))
print((torch.sum(a.float(), dtype=torch.float64)).tolist())
print((a.sum(0)).tolist())
print(a.softmax(dim=0))
print((a.softmax(dim=0)).tolist())
print((torch.where(a > 0, a, 0.3)).tolist())
print(a.abs())
print((a.abs()).tolist())
