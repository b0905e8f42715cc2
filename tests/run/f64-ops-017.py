import torch
import torch.nn.functional as F
torch.manual_seed(692)
a = (torch.arange(17, dtype=torch.float64).reshape(17) - 8) / 7
b = torch.rand(17, dtype=torch.float64) * 1e-3
b32 = torch.randn(17)
bi = torch.arange(17).reshape(17) - 3
z64 = torch.tensor(1.9455890205341042, dtype=torch.float64)
z32 = torch.tensor(2.0925501848485784)
print(-a)
print((-a).tolist())
p = torch.rand(31, 15, dtype=torch.float64) + 1
q = torch.randn(15, 3, dtype=torch.float64)
print(p[0] @ q)
print((p[0] @ q).tolist())
c = a.clone()
c *= 3
print((c).tolist())
print((a >= 0.1).tolist())
a = torch.rand(8, 7, dtype=torch.float64) + 1
b = torch.rand(8, 7, dtype=torch.float64)
b32 = torch.randn(8, 7)
bi = torch.arange(56).reshape(8, 7) - 3
z64 = torch.tensor(-1.1361990313114327, dtype=torch.float64)
z32 = torch.tensor(-1.2448248621895766)
print(a // b32)
print((a // b32).tolist())
p = (torch.randn(3, 15) * 3).to(torch.float64)
q = (torch.arange(480, dtype=torch.float64).reshape(15, 32) - 240) / 7
print(p[0] @ q)
print((p[0] @ q).tolist())
c = a.clone()
c /= 3
print(c)
print((c).tolist())
print((a ** 3).tolist())
print(torch.tril(a))
print((torch.tril(a)).tolist())
a = torch.randn(17, 16, dtype=torch.float64) * 1e-3
b = (torch.randn(17, 16) + 1).double()
b32 = torch.randn(17, 16)
bi = torch.arange(272).reshape(17, 16) - 3
z64 = torch.tensor(-0.7651327880699776, dtype=torch.float64)
z32 = torch.tensor(-1.1760638005122976)
print(a.masked_fill(a < 0.5, 0.1))
print((a.masked_fill(a < 0.5, 0.1)).tolist())
print((F.softmax(a * 5, dim=1)).tolist())
print(a.max(0).values)
print((a.max(0).values).tolist())
