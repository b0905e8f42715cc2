import torch
import torch.nn.functional as F
torch.manual_seed(169)
a = (torch.arange(1584, dtype=torch.float64).reshape(33, 16, 3) - 792) / 7
b = (torch.arange(1584, dtype=torch.float64).reshape(33, 16, 3) - 792) / 7
b32 = torch.randn(33, 16, 3)
bi = torch.arange(1584).reshape(33, 16, 3) - 3
z64 = torch.tensor(-0.1424959772599248, dtype=torch.float64)
z32 = torch.tensor(-0.3279588945738361)
print((torch.tril(a)).tolist())
c = a.clone()
c *= b
print((c).tolist())
print(a == z32)
print((a == z32).tolist())
a = (torch.randn(8) * 3).to(torch.float64)
b = torch.randn(8, dtype=torch.float64)
b32 = torch.randn(8)
bi = torch.arange(8).reshape(8) - 3
z64 = torch.tensor(-2.2741261365050818, dtype=torch.float64)
z32 = torch.tensor(-0.5596735735503038)
c = a.clone()
c *= b32
print((c).tolist())
print(torch.where(a > b, a, b))
print((torch.where(a > b, a, b)).tolist())
p = torch.rand(32, 7, dtype=torch.float64) + 1
q = (torch.randn(7, 40) + 1).double()
print((torch.matmul(p, q)).tolist())
print((torch.cat([a, b], dim=0)).tolist())
print(torch.where(a > 0, a, 0.3))
print((torch.where(a > 0, a, 0.3)).tolist())
print((torch.pow(a, 2)).tolist())
