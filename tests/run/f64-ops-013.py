import torch
import torch.nn.functional as F
torch.manual_seed(708)
a = (torch.arange(2112, dtype=torch.float64).reshape(16, 4, 33) - 1056) / 7
b = (torch.randn(16, 4, 33)).double()
b32 = torch.randn(16, 4, 33)
bi = torch.arange(2112).reshape(16, 4, 33) - 3
z64 = torch.tensor(0.503213827785892, dtype=torch.float64)
z32 = torch.tensor(0.07206036937791893)
p = (torch.arange(34, dtype=torch.float64).reshape(17, 2) - 17) / 7
q = (torch.randn(2, 7) * 3).to(torch.float64)
print((torch.stack([p, p + 1]) @ q).tolist())
print((a.mean((0, 2), keepdim=True)).tolist())
print((a + bi).tolist())
print(a.std((0, 2), keepdim=True))
print((a.std((0, 2), keepdim=True)).tolist())
print((a.transpose(0, -1).sum(2)).tolist())
print(a.mean(-3))
print((a.mean(-3)).tolist())
a = torch.randn(33, 16, dtype=torch.float64)
b = (torch.randn(33, 16) + 1).double()
b32 = torch.randn(33, 16)
bi = torch.arange(528).reshape(33, 16) - 3
z64 = torch.tensor(-0.8351945534074421, dtype=torch.float64)
z32 = torch.tensor(0.9449036446577539)
print(a.transpose(0, -1).mean(0))
print((a.transpose(0, -1).mean(0)).tolist())
c = a.clone()
c /= 0.25
print((c).tolist())
print(torch.softmax(a, 1))
print((torch.softmax(a, 1)).tolist())
print((a + b32).tolist())
c = a.clone()
c *= b
print(c)
print((c).tolist())
