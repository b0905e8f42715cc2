import torch
import torch.nn.functional as F
torch.manual_seed(100)
a = torch.randn(7, dtype=torch.float64) * 10
b = torch.randn(7, dtype=torch.float64) + 1
b32 = torch.randn(7)
bi = torch.arange(7).reshape(7) - 3
z64 = torch.tensor(0.11245422318244991, dtype=torch.float64)
z32 = torch.tensor(2.188210116022228)
print((torch.cat([a, b], dim=0)).tolist())
c = a.clone()
c *= b
print(c)
print((c).tolist())
print(((a.abs() + 0.5) ** -0.5).tolist())
print((a - b32).tolist())
print(((a.abs() + 0.5) ** 0.5).tolist())
p = (torch.arange(255, dtype=torch.float64).reshape(17, 15) - 127) / 7
q = (torch.randn(15, 5) + 1).double()
print((q.t() @ p.t()).t())
print(((q.t() @ p.t()).t()).tolist())
a = torch.randn(2, dtype=torch.float64)
b = torch.rand(2, dtype=torch.float64)
b32 = torch.randn(2)
bi = torch.arange(2).reshape(2) - 3
z64 = torch.tensor(-0.44378379635767384, dtype=torch.float64)
z32 = torch.tensor(1.4714821851609372)
p = (torch.arange(165, dtype=torch.float64).reshape(33, 5) - 82) / 7
q = torch.rand(5, 16, dtype=torch.float64) * 10
print(torch.stack([p, p + 1]) @ q)
print((torch.stack([p, p + 1]) @ q).tolist())
print((torch.where(a > b, a, b)).tolist())
print((a.masked_fill(a > 0, float('-inf'))).tolist())
