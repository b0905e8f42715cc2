import torch
import torch.nn.functional as F
torch.manual_seed(85)
a = torch.randn(7, 4, 17, dtype=torch.float64) * 10
b = torch.randn(7, 4, 17, dtype=torch.float64) + 1
b32 = torch.randn(7, 4, 17)
bi = torch.arange(476).reshape(7, 4, 17) - 3
z64 = torch.tensor(2.433777521608471, dtype=torch.float64)
z32 = torch.tensor(0.894016482925565)
c = a.clone()
c += 0.25
print(c)
print((c).tolist())
c = a.clone()
c -= b
print((c).tolist())
print((F.softmax(a * 5, dim=1)).tolist())
p = torch.rand(5, 1, dtype=torch.float64) + 1
q = (torch.randn(1, 40) * 3).to(torch.float64)
print((p @ p.t()).tolist())
p = (torch.arange(9, dtype=torch.float64).reshape(3, 3) - 4) / 7
q = torch.rand(3, 17, dtype=torch.float64) * 10
print((p @ p.t()).tolist())
a = (torch.arange(16, dtype=torch.float64).reshape(4, 4) - 8) / 7
b = (torch.arange(16, dtype=torch.float64).reshape(4, 4) - 8) / 7
b32 = torch.randn(4, 4)
bi = torch.arange(16).reshape(4, 4) - 3
z64 = torch.tensor(-0.9089176424197176, dtype=torch.float64)
z32 = torch.tensor(0.35063839151639353)
p = (torch.randn(1, 8) + 1).double()
q = torch.randn(8, 2, dtype=torch.float64) * 10
print((p.mm(q)).tolist())
print((F.softmax(a * 5, dim=1)).tolist())
c = a.clone()
c -= 3
print(c)
print((c).tolist())
print((a.abs().sqrt()).tolist())
p = torch.randn(15, 2, dtype=torch.float64)
q = (torch.arange(6, dtype=torch.float64).reshape(2, 3) - 3) / 7
print(torch.stack([p, p + 1]) @ q)
print((torch.stack([p, p + 1]) @ q).tolist())
a = torch.rand(5, dtype=torch.float64) * 1e-3
b = (torch.randn(5) + 1).double()
b32 = torch.randn(5)
bi = torch.arange(5).reshape(5) - 3
z64 = torch.tensor(-1.5092194104693835, dtype=torch.float64)
z32 = torch.tensor(1.0257497647888432)
c = a.clone()
c += 0.25
print((c).tolist())
print(torch.sqrt(a.abs() + 1))
print((torch.sqrt(a.abs() + 1)).tolist())
print(a.std(0))
print((a.std(0)).tolist())
