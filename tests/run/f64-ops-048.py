import torch
import torch.nn.functional as F
torch.manual_seed(321)
a = (torch.arange(7, dtype=torch.float64).reshape(7) - 3) / 7
b = (torch.randn(7) * 1e6).double()
b32 = torch.randn(7)
bi = torch.arange(7).reshape(7) - 3
z64 = torch.tensor(2.8500256957489842, dtype=torch.float64)
z32 = torch.tensor(-1.5193720399394917)
p = (torch.arange(480, dtype=torch.float64).reshape(15, 32) - 240) / 7
q = (torch.randn(32, 31) + 1).double()
print(p @ q)
print((p @ q).tolist())
p = torch.randn(3, 8, dtype=torch.float64) * 1e6
q = (torch.randn(8, 3) * 3).to(torch.float64)
print((p @ q[:, 0]).tolist())
print(a // b)
print((a // b).tolist())
p = torch.rand(16, 2, dtype=torch.float64)
q = torch.rand(2, 40, dtype=torch.float64) * 1e6
print(p.mm(q))
print((p.mm(q)).tolist())
print((a - b32).tolist())
print((a * z32).tolist())
a = (torch.arange(6, dtype=torch.float64).reshape(3, 2) - 3) / 7
b = (torch.randn(3, 2) * 3).to(torch.float64)
b32 = torch.randn(3, 2)
bi = torch.arange(6).reshape(3, 2) - 3
z64 = torch.tensor(-2.5414762076475856, dtype=torch.float64)
z32 = torch.tensor(-0.1434435628178763)
print(F.softmax(a * 5, dim=-2))
print((F.softmax(a * 5, dim=-2)).tolist())
p = (torch.randn(1, 17) * 1e6).double()
q = (torch.randn(17, 16) * 3).to(torch.float64)
print(p.mm(q))
print((p.mm(q)).tolist())
print((torch.stack([a, b])).tolist())
print((torch.where(a > b, a, b)).tolist())
