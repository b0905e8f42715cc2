import torch
import torch.nn.functional as F
torch.manual_seed(245)
a = (torch.randn(4) * 1e-3).double()
b = torch.rand(4, dtype=torch.float64) * 1e6
b32 = torch.randn(4)
bi = torch.arange(4).reshape(4) - 3
z64 = torch.tensor(2.715108125303649, dtype=torch.float64)
z32 = torch.tensor(-1.7253461279287712)
p = torch.randn(17, 1, dtype=torch.float64)
q = (torch.randn(1, 2) * 3).to(torch.float64)
print((p @ q[:, 0]).tolist())
c = a.clone()
c += b
print(c)
print((c).tolist())
print((a.transpose(0, -1).var(0)).tolist())
print(a.argmin(0))
print((a.argmin(0)).tolist())
print((a.masked_fill(a < 0.5, 0.1)).tolist())
print((a.argmax()).tolist())
a = torch.randn(4, dtype=torch.float64) * 1e6
b = (torch.randn(4) * 3).to(torch.float64)
b32 = torch.randn(4)
bi = torch.arange(4).reshape(4) - 3
z64 = torch.tensor(-2.6012345934333014, dtype=torch.float64)
z32 = torch.tensor(1.6902994570139764)
print(a.var())
print((a.var()).tolist())
print(a < bi)
print((a < bi).tolist())
print((F.softmax(a * 5, dim=0)).tolist())
