import torch
import torch.nn.functional as F
torch.manual_seed(785)
a = (torch.randn(33, 9, 16) * 3).to(torch.float64)
b = torch.randn(33, 9, 16, dtype=torch.float64) * 10
b32 = torch.randn(33, 9, 16)
bi = torch.arange(4752).reshape(33, 9, 16) - 3
z64 = torch.tensor(-2.3312192934740503, dtype=torch.float64)
z32 = torch.tensor(-1.8764195317038375)
print((torch.cat([a, b], dim=0)).tolist())
print(torch.softmax(a, 1))
print((torch.softmax(a, 1)).tolist())
print(a * b)
print((a * b).tolist())
p = torch.randn(16, 17, dtype=torch.float64) * 1e6
q = (torch.randn(17, 1) * 3).to(torch.float64)
print((p.mm(q)).tolist())
print(F.softmax(a * 5, dim=0))
print((F.softmax(a * 5, dim=0)).tolist())
a = torch.rand(4, 16, 3, dtype=torch.float64) + 1
b = (torch.randn(4, 16, 3) * 3).to(torch.float64)
b32 = torch.randn(4, 16, 3)
bi = torch.arange(192).reshape(4, 16, 3) - 3
z64 = torch.tensor(-2.6674575336773634, dtype=torch.float64)
z32 = torch.tensor(1.7506961818703264)
print(a.argmax(1))
print((a.argmax(1)).tolist())
c = a.clone()
c -= b
print(c)
print((c).tolist())
print(a.abs())
print((a.abs()).tolist())
a = (torch.randn(33, 7) * 3).to(torch.float64)
b = (torch.randn(33, 7) * 1e6).double()
b32 = torch.randn(33, 7)
bi = torch.arange(231).reshape(33, 7) - 3
z64 = torch.tensor(-0.7319117805311555, dtype=torch.float64)
z32 = torch.tensor(-1.1843918393910569)
print((a.sum((0, 1), keepdim=True)).tolist())
print((a.argmin(1)).tolist())
p = torch.randn(17, 32, dtype=torch.float64) + 1
q = (torch.randn(32, 33) + 1).double()
print((p.mm(q)).tolist())
print(a.std((0, 1), keepdim=True))
print((a.std((0, 1), keepdim=True)).tolist())
p = torch.rand(17, 5, dtype=torch.float64) + 1
q = torch.randn(5, 16, dtype=torch.float64) * 1e-3
print((torch.stack([p, p + 1]) @ q).tolist())
p = (torch.arange(119, dtype=torch.float64).reshape(7, 17) - 59) / 7
q = torch.randn(17, 5, dtype=torch.float64) * 1e-3
print((p[0].dot(p[0])).tolist())
