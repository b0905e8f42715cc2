import torch
import torch.nn.functional as F
torch.manual_seed(296)
a = torch.rand(2, dtype=torch.float64)
b = (torch.randn(2) * 3).to(torch.float64)
b32 = torch.randn(2)
bi = torch.arange(2).reshape(2) - 3
z64 = torch.tensor(-2.0241725764884553, dtype=torch.float64)
z32 = torch.tensor(0.030946445310859882)
p = (torch.randn(3, 3) * 3).to(torch.float64)
q = torch.rand(3, 7, dtype=torch.float64) + 1
print((p @ p.t()).tolist())
c = a.clone()
c /= b
print(c)
print((c).tolist())
print(torch.softmax(a, -1))
print((torch.softmax(a, -1)).tolist())
print((a.std(-1)).tolist())
print((a >= b).tolist())
p = (torch.arange(225, dtype=torch.float64).reshape(15, 15) - 112) / 7
q = torch.rand(15, 15, dtype=torch.float64)
print((p @ q[:, 0]).tolist())
a = (torch.randn(2, 3) * 3).to(torch.float64)
b = (torch.randn(2, 3) * 3).to(torch.float64)
b32 = torch.randn(2, 3)
bi = torch.arange(6).reshape(2, 3) - 3
z64 = torch.tensor(-0.015766234304204207, dtype=torch.float64)
z32 = torch.tensor(0.7525936735031662)
print(a.mean((0, 1), keepdim=True))
print((a.mean((0, 1), keepdim=True)).tolist())
print((a.max()).tolist())
print((a ** 0).tolist())
p = torch.rand(15, 32, dtype=torch.float64) * 10
q = torch.randn(32, 15, dtype=torch.float64) * 10
print((p[0].dot(p[0])).tolist())
print(torch.softmax(a, -1))
print((torch.softmax(a, -1)).tolist())
a = (torch.arange(2, dtype=torch.float64).reshape(2) - 1) / 7
b = torch.randn(2, dtype=torch.float64)
b32 = torch.randn(2)
bi = torch.arange(2).reshape(2) - 3
z64 = torch.tensor(2.646499586531137, dtype=torch.float64)
z32 = torch.tensor(-0.07403272162679198)
print(a + z32)
print((a + z32).tolist())
print(a < b)
print((a < b).tolist())
print((F.softmax(a * 5, dim=0)).tolist())
