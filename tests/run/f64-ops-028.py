import torch
import torch.nn.functional as F
torch.manual_seed(619)
a = (torch.randn(9) * 3).to(torch.float64)
b = (torch.randn(9) * 3).to(torch.float64)
b32 = torch.randn(9)
bi = torch.arange(9).reshape(9) - 3
z64 = torch.tensor(-1.749899883236289, dtype=torch.float64)
z32 = torch.tensor(1.6461114401974655)
c = a.clone()
c -= 3
print(c)
print((c).tolist())
p = (torch.randn(5, 32) * 1e-3).double()
q = (torch.randn(32, 1) * 1e-3).double()
print(torch.stack([p, p + 1]) @ q)
print((torch.stack([p, p + 1]) @ q).tolist())
print(torch.exp(a / 4))
print((torch.exp(a / 4)).tolist())
p = (torch.randn(1, 1)).double()
q = torch.randn(1, 3, dtype=torch.float64) * 10
print(p @ q)
print((p @ q).tolist())
print(a.var())
print((a.var()).tolist())
print((torch.pow(a, 2)).tolist())
a = (torch.randn(7, 33, 3) + 1).double()
b = torch.randn(7, 33, 3, dtype=torch.float64) * 10
b32 = torch.randn(7, 33, 3)
bi = torch.arange(693).reshape(7, 33, 3) - 3
z64 = torch.tensor(-1.640229050758193, dtype=torch.float64)
z32 = torch.tensor(2.319751253450673)
p = (torch.randn(33, 2) * 3).to(torch.float64)
q = (torch.arange(30, dtype=torch.float64).reshape(2, 15) - 15) / 7
print((p @ q).tolist())
print(F.softmax(a * 5, dim=-3))
print((F.softmax(a * 5, dim=-3)).tolist())
print(a.sum())
print((a.sum()).tolist())
c = a.clone()
c *= b32
print(c)
print((c).tolist())
print((a.transpose(0, -1).mean(1)).tolist())
print(a.transpose(0, -1).sum(2))
print((a.transpose(0, -1).sum(2)).tolist())
a = torch.rand(8, 5, 4, dtype=torch.float64)
b = (torch.randn(8, 5, 4) * 1e-3).double()
b32 = torch.randn(8, 5, 4)
bi = torch.arange(160).reshape(8, 5, 4) - 3
z64 = torch.tensor(-1.347665427207394, dtype=torch.float64)
z32 = torch.tensor(-2.5954370363834474)
p = torch.randn(15, 7, dtype=torch.float64) + 1
q = (torch.randn(7, 8) * 3).to(torch.float64)
print(p[0].dot(p[0]))
print((p[0].dot(p[0])).tolist())
print((torch.cat([a, b], dim=0)).tolist())
print((a + z64).tolist())
