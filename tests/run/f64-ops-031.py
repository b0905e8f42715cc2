import torch
import torch.nn.functional as F
torch.manual_seed(228)
a = (torch.arange(147, dtype=torch.float64).reshape(3, 7, 7) - 73) / 7
b = (torch.randn(3, 7, 7) * 3).to(torch.float64)
b32 = torch.randn(3, 7, 7)
bi = torch.arange(147).reshape(3, 7, 7) - 3
z64 = torch.tensor(-0.18333842608480833, dtype=torch.float64)
z32 = torch.tensor(1.1840012024889148)
print((a >= bi).tolist())
print(a.triu(1))
print((a.triu(1)).tolist())
c = a.clone()
c *= b32
print(c)
print((c).tolist())
print((torch.softmax(a.masked_fill(torch.tril(a) == 0, float('-inf')), -1)).tolist())
a = (torch.randn(4) * 1e6).double()
b = (torch.arange(4, dtype=torch.float64).reshape(4) - 2) / 7
b32 = torch.randn(4)
bi = torch.arange(4).reshape(4) - 3
z64 = torch.tensor(1.2168499205316188, dtype=torch.float64)
z32 = torch.tensor(-2.563224175376397)
print((a.min()).tolist())
print((a - bi).tolist())
print((a ** -2).tolist())
print((a >= b).tolist())
print(a.min())
print((a.min()).tolist())
a = (torch.randn(17) * 10).double()
b = (torch.randn(17) * 3).to(torch.float64)
b32 = torch.randn(17)
bi = torch.arange(17).reshape(17) - 3
z64 = torch.tensor(-0.20444427323801717, dtype=torch.float64)
z32 = torch.tensor(-2.8192400078585833)
print((a >= z32).tolist())
print((torch.sqrt(a.abs() + 1)).tolist())
print(torch.sqrt(a.abs() + 1))
print((torch.sqrt(a.abs() + 1)).tolist())
