import torch
import torch.nn.functional as F
torch.manual_seed(999)
a = (torch.arange(561, dtype=torch.float64).reshape(33, 17) - 280) / 7
b = (torch.randn(33, 17) * 1e6).double()
b32 = torch.randn(33, 17)
bi = torch.arange(561).reshape(33, 17) - 3
z64 = torch.tensor(-1.3673845113723855, dtype=torch.float64)
z32 = torch.tensor(0.4882440903740486)
print((a / b32).tolist())
p = (torch.arange(600, dtype=torch.float64).reshape(40, 15) - 300) / 7
q = (torch.randn(15, 1) * 3).to(torch.float64)
print((p.mm(q)).tolist())
print(a.min(0).values)
print((a.min(0).values).tolist())
print((torch.softmax(a, 0)).tolist())
c = a.clone()
c -= b
print(c)
print((c).tolist())
print((a.var()).tolist())
a = (torch.arange(264, dtype=torch.float64).reshape(4, 33, 2) - 132) / 7
b = (torch.randn(4, 33, 2) * 3).to(torch.float64)
b32 = torch.randn(4, 33, 2)
bi = torch.arange(264).reshape(4, 33, 2) - 3
z64 = torch.tensor(-1.0485217826135074, dtype=torch.float64)
z32 = torch.tensor(-2.8914159946812177)
c = a.clone()
c -= b
print((c).tolist())
print((a ** 0).tolist())
print(torch.softmax(a, 2))
print((torch.softmax(a, 2)).tolist())
