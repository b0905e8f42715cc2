import torch
import torch.nn.functional as F
torch.manual_seed(628)
a = torch.randn(17, 3, dtype=torch.float64) * 10
b = (torch.randn(17, 3) * 3).to(torch.float64)
b32 = torch.randn(17, 3)
bi = torch.arange(51).reshape(17, 3) - 3
z64 = torch.tensor(1.681759421375272, dtype=torch.float64)
z32 = torch.tensor(-1.7779350587269402)
p = (torch.arange(248, dtype=torch.float64).reshape(31, 8) - 124) / 7
q = (torch.randn(8, 3) * 10).double()
print(torch.stack([p, p + 1]) @ q)
print((torch.stack([p, p + 1]) @ q).tolist())
print(a.mean(-1))
print((a.mean(-1)).tolist())
print(a.min())
print((a.min()).tolist())
print(a ** 0)
print((a ** 0).tolist())
a = (torch.randn(1, 2) * 3).to(torch.float64)
b = (torch.randn(1, 2) * 1e6).double()
b32 = torch.randn(1, 2)
bi = torch.arange(2).reshape(1, 2) - 3
z64 = torch.tensor(-0.5818724125398571, dtype=torch.float64)
z32 = torch.tensor(0.07026863778284431)
c = a.clone()
c -= 3
print(c)
print((c).tolist())
p = (torch.arange(465, dtype=torch.float64).reshape(31, 15) - 232) / 7
q = torch.rand(15, 8, dtype=torch.float64) + 1
print((p[0].dot(p[0])).tolist())
print((a.mean(1)).tolist())
print(a ** 1)
print((a ** 1).tolist())
print(torch.softmax(a, 0))
print((torch.softmax(a, 0)).tolist())
a = torch.rand(9, 33, dtype=torch.float64) * 1e-3
b = (torch.arange(297, dtype=torch.float64).reshape(9, 33) - 148) / 7
b32 = torch.randn(9, 33)
bi = torch.arange(297).reshape(9, 33) - 3
z64 = torch.tensor(0.8875229571798844, dtype=torch.float64)
z32 = torch.tensor(-1.0431487921124907)
print((a ** 1).tolist())
print(a.transpose(0, -1).mean(1))
print((a.transpose(0, -1).mean(1)).tolist())
print((a.min()).tolist())
print(7 >= a)
print((7 >= a).tolist())
print(a.abs().sqrt())
print((a.abs().sqrt()).tolist())
print(a.argmin())
print((a.argmin()).tolist())
