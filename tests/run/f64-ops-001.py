import torch
import torch.nn.functional as F
torch.manual_seed(112)
a = (torch.arange(7, dtype=torch.float64).reshape(7) - 3) / 7
b = torch.rand(7, dtype=torch.float64) + 1
b32 = torch.randn(7)
bi = torch.arange(7).reshape(7) - 3
z64 = torch.tensor(-2.1538758810672123, dtype=torch.float64)
z32 = torch.tensor(2.201925089345499)
c = a.clone()
c -= b32
print(c)
print((c).tolist())
print(a.std())
print((a.std()).tolist())
print((a.argmax()).tolist())
c = a.clone()
c *= b32
print((c).tolist())
print(a.max())
print((a.max()).tolist())
a = (torch.arange(17, dtype=torch.float64).reshape(17) - 8) / 7
b = (torch.arange(17, dtype=torch.float64).reshape(17) - 8) / 7
b32 = torch.randn(17)
bi = torch.arange(17).reshape(17) - 3
z64 = torch.tensor(1.518937006823914, dtype=torch.float64)
z32 = torch.tensor(1.8340996946778443)
c = a.clone()
c /= 3
print((c).tolist())
print(torch.exp(a / 4))
print((torch.exp(a / 4)).tolist())
print((torch.cat([a, b], dim=0)).tolist())
a = (torch.arange(4352, dtype=torch.float64).reshape(16, 16, 17) - 2176) / 7
b = torch.rand(16, 16, 17, dtype=torch.float64) * 10
b32 = torch.randn(16, 16, 17)
bi = torch.arange(4352).reshape(16, 16, 17) - 3
z64 = torch.tensor(0.3218810632877709, dtype=torch.float64)
z32 = torch.tensor(0.5647024168513401)
print((2 / a).tolist())
print(-a)
print((-a).tolist())
print((a ** 3).tolist())
print((a.max(1).values).tolist())
