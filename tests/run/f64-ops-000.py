import torch
import torch.nn.functional as F
torch.manual_seed(685)
a = torch.rand(1, dtype=torch.float64) + 1
b = torch.rand(1, dtype=torch.float64)
b32 = torch.randn(1)
bi = torch.arange(1).reshape(1) - 3
z64 = torch.tensor(1.8004406083610238, dtype=torch.float64)
z32 = torch.tensor(-1.778462855291888)
p = (torch.arange(496, dtype=torch.float64).reshape(31, 16) - 248) / 7
q = torch.randn(16, 17, dtype=torch.float64) * 10
print(((q.t() @ p.t()).t()).tolist())
print((a.argmin()).tolist())
print(-a)
print((-a).tolist())
a = (torch.arange(680, dtype=torch.float64).reshape(8, 5, 17) - 340) / 7
b = torch.randn(8, 5, 17, dtype=torch.float64) * 1e-3
b32 = torch.randn(8, 5, 17)
bi = torch.arange(680).reshape(8, 5, 17) - 3
z64 = torch.tensor(0.4164527127198112, dtype=torch.float64)
z32 = torch.tensor(-1.6069013187438164)
print((a ** 2).tolist())
print(torch.where(a > b, a, b))
print((torch.where(a > b, a, b)).tolist())
print((torch.softmax(a, -3)).tolist())
c = a.clone()
c -= b
print(c)
print((c).tolist())
print((a.sum(-3)).tolist())
print((a.abs().sqrt()).tolist())
a = (torch.randn(33, 4) * 10).double()
b = (torch.randn(33, 4) + 1).double()
b32 = torch.randn(33, 4)
bi = torch.arange(132).reshape(33, 4) - 3
z64 = torch.tensor(0.5893960196242762, dtype=torch.float64)
z32 = torch.tensor(-2.123797012933814)
c = a.clone()
c *= b32
print((c).tolist())
c = a.clone()
c -= 0.25
print((c).tolist())
print((a != z32).tolist())
print((a.abs().sqrt()).tolist())
