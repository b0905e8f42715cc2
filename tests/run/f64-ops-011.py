import torch
import torch.nn.functional as F
torch.manual_seed(54)
a = (torch.randn(5, 17, 5) * 3).to(torch.float64)
b = torch.rand(5, 17, 5, dtype=torch.float64) + 1
b32 = torch.randn(5, 17, 5)
bi = torch.arange(425).reshape(5, 17, 5) - 3
z64 = torch.tensor(-0.05084817340992931, dtype=torch.float64)
z32 = torch.tensor(-1.9191478832041116)
c = a.clone()
c /= 3
print(c)
print((c).tolist())
print((torch.sqrt(a.abs() + 1)).tolist())
c = a.clone()
c += b32
print((c).tolist())
print(a.mean(0))
print((a.mean(0)).tolist())
a = (torch.randn(5, 1) * 3).to(torch.float64)
b = (torch.arange(5, dtype=torch.float64).reshape(5, 1) - 2) / 7
b32 = torch.randn(5, 1)
bi = torch.arange(5).reshape(5, 1) - 3
z64 = torch.tensor(-1.2922213749355105, dtype=torch.float64)
z32 = torch.tensor(0.2349397888570799)
print((a.exp()).tolist())
c = a.clone()
c *= 0.25
print(c)
print((c).tolist())
c = a.clone()
c *= 0.25
print((c).tolist())
print((a.mean((0, 1), keepdim=True)).tolist())
