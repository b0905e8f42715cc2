import torch
import torch.nn.functional as F
torch.manual_seed(321)
a = (torch.randn(8, 3, 3) * 1e6).double()
b = (torch.arange(72, dtype=torch.float64).reshape(8, 3, 3) - 36) / 7
b32 = torch.randn(8, 3, 3)
bi = torch.arange(72).reshape(8, 3, 3) - 3
z64 = torch.tensor(0.044775614517768236, dtype=torch.float64)
z32 = torch.tensor(-1.2659656988654997)
print((torch.exp(a / 4)).tolist())
print(a.argmin())
print((a.argmin()).tolist())
print(a.min())
print((a.min()).tolist())
print((a / z64).tolist())
a = torch.randn(3, 1, 7, dtype=torch.float64) * 10
b = (torch.randn(3, 1, 7) * 3).to(torch.float64)
b32 = torch.randn(3, 1, 7)
bi = torch.arange(21).reshape(3, 1, 7) - 3
z64 = torch.tensor(2.8548051960894476, dtype=torch.float64)
z32 = torch.tensor(-1.432533580142329)
print(torch.softmax(a, -2))
print((torch.softmax(a, -2)).tolist())
print(a == b)
print((a == b).tolist())
p = (torch.randn(5, 8)).double()
q = (torch.randn(8, 40) * 1e6).double()
print(p.mm(q))
print((p.mm(q)).tolist())
print(F.softmax(a * 5, dim=-2))
print((F.softmax(a * 5, dim=-2)).tolist())
c = a.clone()
c /= b
print(c)
print((c).tolist())
a = torch.rand(33, 1, 8, dtype=torch.float64) * 1e-3
b = (torch.randn(33, 1, 8) * 1e-3).double()
b32 = torch.randn(33, 1, 8)
bi = torch.arange(264).reshape(33, 1, 8) - 3
z64 = torch.tensor(1.5753037755811885, dtype=torch.float64)
z32 = torch.tensor(0.7522125881032742)
print((a.sum()).tolist())
print((a.masked_fill(a < 0.5, 0.1)).tolist())
print(a.softmax(dim=1))
print((a.softmax(dim=1)).tolist())
