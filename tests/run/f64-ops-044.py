import torch
import torch.nn.functional as F
torch.manual_seed(10)
a = torch.rand(33, 4, dtype=torch.float64)
b = (torch.randn(33, 4) * 3).to(torch.float64)
b32 = torch.randn(33, 4)
bi = torch.arange(132).reshape(33, 4) - 3
z64 = torch.tensor(2.0364149498016992, dtype=torch.float64)
z32 = torch.tensor(-1.5353697611985706)
c = a.clone()
c *= b
print(c)
print((c).tolist())
print(a / bi)
print((a / bi).tolist())
print((F.softmax(a * 5, dim=0)).tolist())
a = torch.rand(8, 8, 5, dtype=torch.float64) * 1e6
b = (torch.arange(320, dtype=torch.float64).reshape(8, 8, 5) - 160) / 7
b32 = torch.randn(8, 8, 5)
bi = torch.arange(320).reshape(8, 8, 5) - 3
z64 = torch.tensor(0.8718055205654567, dtype=torch.float64)
z32 = torch.tensor(0.2881598236698415)
p = (torch.arange(2, dtype=torch.float64).reshape(1, 2) - 1) / 7
q = (torch.arange(16, dtype=torch.float64).reshape(2, 8) - 8) / 7
print((p @ q).tolist())
print((a.mean()).tolist())
p = torch.randn(15, 15, dtype=torch.float64)
q = (torch.randn(15, 3) * 1e-3).double()
print(((q.t() @ p.t()).t()).tolist())
print(torch.pow(a, 2))
print((torch.pow(a, 2)).tolist())
print((a.abs().sqrt()).tolist())
print(a.var())
print((a.var()).tolist())
a = torch.rand(7, 5, 2, dtype=torch.float64)
b = torch.randn(7, 5, 2, dtype=torch.float64)
b32 = torch.randn(7, 5, 2)
bi = torch.arange(70).reshape(7, 5, 2) - 3
z64 = torch.tensor(-2.808982752978447, dtype=torch.float64)
z32 = torch.tensor(-0.9971794890602688)
print((torch.pow(a, 2)).tolist())
print((a.mean((0, 2), keepdim=True)).tolist())
print((a.sum((0, 2), keepdim=True)).tolist())
