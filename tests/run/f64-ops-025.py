import torch
import torch.nn.functional as F
torch.manual_seed(885)
a = (torch.randn(5) * 3).to(torch.float64)
b = (torch.randn(5) * 3).to(torch.float64)
b32 = torch.randn(5)
bi = torch.arange(5).reshape(5) - 3
z64 = torch.tensor(0.47658284717330535, dtype=torch.float64)
z32 = torch.tensor(0.7264667991584899)
c = a.clone()
c -= b32
print(c)
print((c).tolist())
p = (torch.arange(280, dtype=torch.float64).reshape(40, 7) - 140) / 7
q = torch.rand(7, 3, dtype=torch.float64) * 1e6
print((p @ p.t()).tolist())
print((a.max(0).values).tolist())
a = torch.randn(33, 9, dtype=torch.float64)
b = torch.rand(33, 9, dtype=torch.float64) * 1e6
b32 = torch.randn(33, 9)
bi = torch.arange(297).reshape(33, 9) - 3
z64 = torch.tensor(2.7618914039069242, dtype=torch.float64)
z32 = torch.tensor(-2.003286640835758)
print(a < True)
print((a < True).tolist())
print(a.softmax(dim=1))
print((a.softmax(dim=1)).tolist())
print((a + b32).tolist())
print(torch.where(a > 0, a, 0.3))
print((torch.where(a > 0, a, 0.3)).tolist())
a = torch.rand(4, dtype=torch.float64) * 1e-3
b = torch.randn(4, dtype=torch.float64) * 1e6
b32 = torch.randn(4)
bi = torch.arange(4).reshape(4) - 3
z64 = torch.tensor(-1.842721481922044, dtype=torch.float64)
z32 = torch.tensor(-0.9666735986685895)
c = a.clone()
c *= 0.25
print((c).tolist())
print(F.softmax(a * 5, dim=-1))
print((F.softmax(a * 5, dim=-1)).tolist())
p = torch.randn(16, 16, dtype=torch.float64) * 1e6
q = (torch.arange(640, dtype=torch.float64).reshape(16, 40) - 320) / 7
print((p @ p.t()).tolist())
