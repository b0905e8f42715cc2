import torch
import torch.nn.functional as F
torch.manual_seed(239)
a = (torch.randn(4, 33) * 3).to(torch.float64)
b = torch.rand(4, 33, dtype=torch.float64)
b32 = torch.randn(4, 33)
bi = torch.arange(132).reshape(4, 33) - 3
z64 = torch.tensor(-2.3558605106190775, dtype=torch.float64)
z32 = torch.tensor(-1.4461473919933363)
print(a.argmax())
print((a.argmax()).tolist())
print((torch.where(a > b, a, b)).tolist())
print(torch.where(a > 0, a, 0.3))
print((torch.where(a > 0, a, 0.3)).tolist())
p = torch.rand(3, 31, dtype=torch.float64)
q = (torch.randn(31, 33) * 3).to(torch.float64)
print((p.mm(q)).tolist())
c = a.clone()
c -= 3
print(c)
print((c).tolist())
a = torch.rand(2, 3, 1, dtype=torch.float64) * 1e-3
b = torch.rand(2, 3, 1, dtype=torch.float64)
b32 = torch.randn(2, 3, 1)
bi = torch.arange(6).reshape(2, 3, 1) - 3
z64 = torch.tensor(-1.4617014544758626, dtype=torch.float64)
z32 = torch.tensor(2.075292346490601)
print((torch.cat([a, b], dim=0)).tolist())
c = a.clone()
c += b
print((c).tolist())
print((F.softmax(a * 5, dim=0)).tolist())
