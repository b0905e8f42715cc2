import torch
import torch.nn.functional as F
torch.manual_seed(402)
a = (torch.arange(3, dtype=torch.float64).reshape(3) - 1) / 7
b = (torch.randn(3) + 1).double()
b32 = torch.randn(3)
bi = torch.arange(3).reshape(3) - 3
z64 = torch.tensor(2.109783544200889, dtype=torch.float64)
z32 = torch.tensor(-2.012597603574978)
print((a // z64).tolist())
c = a.clone()
c *= b
print(c)
print((c).tolist())
print(a // True)
print((a // True).tolist())
print((a.mean()).tolist())
a = (torch.randn(2) * 1e6).double()
b = (torch.randn(2) * 1e-3).double()
b32 = torch.randn(2)
bi = torch.arange(2).reshape(2) - 3
z64 = torch.tensor(-0.7503702288638423, dtype=torch.float64)
z32 = torch.tensor(-2.897109283387095)
print(a ** 0)
print((a ** 0).tolist())
print(a.argmin(0))
print((a.argmin(0)).tolist())
print(a.min(0).values)
print((a.min(0).values).tolist())
print(F.softmax(a * 5, dim=0))
print((F.softmax(a * 5, dim=0)).tolist())
c = a.clone()
c *= b32
print((c).tolist())
c = a.clone()
c -= b
print((c).tolist())
a = (torch.arange(9, dtype=torch.float64).reshape(9) - 4) / 7
b = (torch.randn(9) * 1e-3).double()
b32 = torch.randn(9)
bi = torch.arange(9).reshape(9) - 3
z64 = torch.tensor(-0.2206437035157771, dtype=torch.float64)
z32 = torch.tensor(1.793411973613951)
print((a.std(0)).tolist())
print(torch.softmax(a, -1))
print((torch.softmax(a, -1)).tolist())
print((a.sum(0)).tolist())
