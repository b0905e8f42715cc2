import torch
import torch.nn.functional as F
torch.manual_seed(346)
a = torch.rand(3, 33, 5, dtype=torch.float64) * 10
b = torch.rand(3, 33, 5, dtype=torch.float64) + 1
b32 = torch.randn(3, 33, 5)
bi = torch.arange(495).reshape(3, 33, 5) - 3
z64 = torch.tensor(-0.8267849434231089, dtype=torch.float64)
z32 = torch.tensor(0.710784614018058)
print(F.softmax(a * 5, dim=-1))
print((F.softmax(a * 5, dim=-1)).tolist())
p = torch.rand(7, 17, dtype=torch.float64) * 1e6
q = torch.rand(17, 7, dtype=torch.float64) + 1
print((p[0].dot(p[0])).tolist())
print(a.argmin())
print((a.argmin()).tolist())
print((a.max()).tolist())
print((a.triu(1)).tolist())
a = (torch.arange(20, dtype=torch.float64).reshape(1, 5, 4) - 10) / 7
b = (torch.randn(1, 5, 4) * 10).double()
b32 = torch.randn(1, 5, 4)
bi = torch.arange(20).reshape(1, 5, 4) - 3
z64 = torch.tensor(-2.067560067511023, dtype=torch.float64)
z32 = torch.tensor(0.7985996758352867)
print((-a).tolist())
print((a.argmin()).tolist())
print(a < bi)
print((a < bi).tolist())
print(a.std((0, 2), keepdim=True))
print((a.std((0, 2), keepdim=True)).tolist())
