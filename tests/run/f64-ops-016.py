import torch
import torch.nn.functional as F
torch.manual_seed(439)
a = torch.randn(17, 1, dtype=torch.float64) * 1e-3
b = (torch.randn(17, 1) * 3).to(torch.float64)
b32 = torch.randn(17, 1)
bi = torch.arange(17).reshape(17, 1) - 3
z64 = torch.tensor(-1.5666964547973385, dtype=torch.float64)
z32 = torch.tensor(0.1983044049849827)
p = (torch.randn(2, 2) * 3).to(torch.float64)
q = (torch.randn(2, 32) * 1e-3).double()
print((q.t() @ p.t()).t())
print(((q.t() @ p.t()).t()).tolist())
print((a + b).tolist())
p = torch.rand(1, 5, dtype=torch.float64)
q = (torch.randn(5, 17) * 10).double()
print(p @ p.t())
print((p @ p.t()).tolist())
print((a.argmax(0)).tolist())
a = (torch.arange(8, dtype=torch.float64).reshape(8) - 4) / 7
b = torch.randn(8, dtype=torch.float64) * 1e-3
b32 = torch.randn(8)
bi = torch.arange(8).reshape(8) - 3
z64 = torch.tensor(1.7894586269774777, dtype=torch.float64)
z32 = torch.tensor(-2.650708991045973)
print((a ** -1).tolist())
print(a.argmax(0))
print((a.argmax(0)).tolist())
c = a.clone()
c -= 0.25
print((c).tolist())
print(a.max(0).values)
print((a.max(0).values).tolist())
print((torch.where(a > b, a, b)).tolist())
print(torch.where(a > 0, a, 0.3))
print((torch.where(a > 0, a, 0.3)).tolist())
