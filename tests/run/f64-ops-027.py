import torch
import torch.nn.functional as F
torch.manual_seed(855)
a = (torch.randn(1) * 1e6).double()
b = torch.rand(1, dtype=torch.float64) * 10
b32 = torch.randn(1)
bi = torch.arange(1).reshape(1) - 3
z64 = torch.tensor(0.7913835545194958, dtype=torch.float64)
z32 = torch.tensor(1.1336563300598073)
print(torch.stack([a, b]))
print((torch.stack([a, b])).tolist())
p = (torch.randn(40, 16)).double()
q = (torch.arange(240, dtype=torch.float64).reshape(16, 15) - 120) / 7
print((p @ p.t()).tolist())
c = a.clone()
c -= b
print((c).tolist())
p = (torch.randn(7, 7) * 3).to(torch.float64)
q = (torch.arange(21, dtype=torch.float64).reshape(7, 3) - 10) / 7
print(p @ p.t())
print((p @ p.t()).tolist())
print((torch.where(a > b, a, b)).tolist())
a = torch.rand(8, 16, dtype=torch.float64) * 1e6
b = (torch.arange(128, dtype=torch.float64).reshape(8, 16) - 64) / 7
b32 = torch.randn(8, 16)
bi = torch.arange(128).reshape(8, 16) - 3
z64 = torch.tensor(2.3223782407051052, dtype=torch.float64)
z32 = torch.tensor(-0.11743552847761762)
c = a.clone()
c *= b
print((c).tolist())
c = a.clone()
c -= b
print((c).tolist())
print((torch.softmax(a, 1)).tolist())
print(a.mean())
print((a.mean()).tolist())
