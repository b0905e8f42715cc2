import torch
import torch.nn.functional as F
torch.manual_seed(237)
a = (torch.randn(2) * 3).to(torch.float64)
b = (torch.randn(2) * 1e-3).double()
b32 = torch.randn(2)
bi = torch.arange(2).reshape(2) - 3
z64 = torch.tensor(-2.6366454697904143, dtype=torch.float64)
z32 = torch.tensor(-1.877733418795356)
print(a.min())
print((a.min()).tolist())
c = a.clone()
c -= 0.25
print(c)
print((c).tolist())
print((a.var()).tolist())
print(a.mean(-1))
print((a.mean(-1)).tolist())
print((a % b).tolist())
a = (torch.randn(16, 2) * 3).to(torch.float64)
b = (torch.arange(32, dtype=torch.float64).reshape(16, 2) - 16) / 7
b32 = torch.randn(16, 2)
bi = torch.arange(32).reshape(16, 2) - 3
z64 = torch.tensor(1.8110734524387349, dtype=torch.float64)
z32 = torch.tensor(1.1536384582162515)
print(torch.sum(a.float(), dtype=torch.float64))
print((torch.sum(a.float(), dtype=torch.float64)).tolist())
print(a.abs())
print((a.abs()).tolist())
print(a.argmax())
print((a.argmax()).tolist())
c = a.clone()
c -= b
print(c)
print((c).tolist())
