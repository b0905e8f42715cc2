import torch
import torch.nn.functional as F
torch.manual_seed(552)
a = torch.randn(2, 17, dtype=torch.float64) * 1e-3
b = (torch.randn(2, 17) * 3).to(torch.float64)
b32 = torch.randn(2, 17)
bi = torch.arange(34).reshape(2, 17) - 3
z64 = torch.tensor(-0.49478175793333445, dtype=torch.float64)
z32 = torch.tensor(-0.32711257320911313)
print((a.min()).tolist())
print(a < z32)
print((a < z32).tolist())
print((a.softmax(dim=-1)).tolist())
a = torch.rand(33, dtype=torch.float64)
b = torch.randn(33, dtype=torch.float64) * 10
b32 = torch.randn(33)
bi = torch.arange(33).reshape(33) - 3
z64 = torch.tensor(1.905168701919731, dtype=torch.float64)
z32 = torch.tensor(-2.365946288307791)
print((a == b).tolist())
print(torch.stack([a, b]))
print((torch.stack([a, b])).tolist())
print(a < z64)
print((a < z64).tolist())
print(a * b)
print((a * b).tolist())
p = (torch.randn(3, 1) * 3).to(torch.float64)
q = (torch.randn(1, 8) * 3).to(torch.float64)
print(p @ p.t())
print((p @ p.t()).tolist())
a = (torch.randn(5, 4, 4) * 10).double()
b = (torch.randn(5, 4, 4)).double()
b32 = torch.randn(5, 4, 4)
bi = torch.arange(80).reshape(5, 4, 4) - 3
z64 = torch.tensor(-1.8933801690801224, dtype=torch.float64)
z32 = torch.tensor(0.6144795410766841)
p = torch.rand(40, 2, dtype=torch.float64)
q = (torch.randn(2, 3) * 3).to(torch.float64)
print(p.mm(q))
print((p.mm(q)).tolist())
c = a.clone()
c /= b32
print((c).tolist())
c = a.clone()
c -= 3
print(c)
print((c).tolist())
