import torch
import torch.nn.functional as F
torch.manual_seed(924)
a = torch.rand(7, 2, 4, dtype=torch.float64)
b = torch.randn(7, 2, 4, dtype=torch.float64) * 10
b32 = torch.randn(7, 2, 4)
bi = torch.arange(56).reshape(7, 2, 4) - 3
z64 = torch.tensor(-2.2888633334538655, dtype=torch.float64)
z32 = torch.tensor(2.235580667387646)
p = (torch.arange(240, dtype=torch.float64).reshape(15, 16) - 120) / 7
q = torch.rand(16, 7, dtype=torch.float64) * 1e6
print((p @ p.t()).tolist())
print((F.softmax(a * 5, dim=1)).tolist())
print(a != b32)
print((a != b32).tolist())
print(a < b)
print((a < b).tolist())
a = (torch.arange(2601, dtype=torch.float64).reshape(17, 9, 17) - 1300) / 7
b = (torch.arange(2601, dtype=torch.float64).reshape(17, 9, 17) - 1300) / 7
b32 = torch.randn(17, 9, 17)
bi = torch.arange(2601).reshape(17, 9, 17) - 3
z64 = torch.tensor(1.853469503522918, dtype=torch.float64)
z32 = torch.tensor(1.3645354407223103)
print(a.softmax(dim=2))
print((a.softmax(dim=2)).tolist())
p = (torch.arange(40, dtype=torch.float64).reshape(1, 40) - 20) / 7
q = (torch.arange(600, dtype=torch.float64).reshape(40, 15) - 300) / 7
print(p @ p.t())
print((p @ p.t()).tolist())
print(a.min())
print((a.min()).tolist())
p = torch.rand(2, 2, dtype=torch.float64)
q = torch.randn(2, 8, dtype=torch.float64) * 1e6
print((p @ q[:, 0]).tolist())
print(F.softmax(a * 5, dim=-2))
print((F.softmax(a * 5, dim=-2)).tolist())
print((a ** -1).tolist())
a = (torch.arange(720, dtype=torch.float64).reshape(9, 16, 5) - 360) / 7
b = (torch.arange(720, dtype=torch.float64).reshape(9, 16, 5) - 360) / 7
b32 = torch.randn(9, 16, 5)
bi = torch.arange(720).reshape(9, 16, 5) - 3
z64 = torch.tensor(-2.939638660870628, dtype=torch.float64)
z32 = torch.tensor(2.986535930897908)
p = (torch.arange(8, dtype=torch.float64).reshape(8, 1) - 4) / 7
q = torch.randn(1, 5, dtype=torch.float64) * 1e-3
print((p[0].dot(p[0])).tolist())
print(a.max(2).values)
print((a.max(2).values).tolist())
print(torch.sum(a.float(), dtype=torch.float64))
print((torch.sum(a.float(), dtype=torch.float64)).tolist())
print((a + bi).tolist())
c = a.clone()
c *= 3
print(c)
print((c).tolist())
print((a.min(1).values).tolist())
