import torch
import torch.nn.functional as F
torch.manual_seed(231)
a = torch.randn(33, dtype=torch.float64) * 1e-3
b = torch.randn(33, dtype=torch.float64)
b32 = torch.randn(33)
bi = torch.arange(33).reshape(33) - 3
z64 = torch.tensor(0.5956475199112852, dtype=torch.float64)
z32 = torch.tensor(-0.9152724322939045)
print(a.argmin(0))
print((a.argmin(0)).tolist())
print(torch.softmax(a, -1))
print((torch.softmax(a, -1)).tolist())
p = torch.rand(5, 7, dtype=torch.float64)
q = torch.randn(7, 2, dtype=torch.float64)
print(p @ q)
print((p @ q).tolist())
a = torch.rand(1, dtype=torch.float64) * 1e6
b = (torch.arange(1, dtype=torch.float64).reshape(1) - 0) / 7
b32 = torch.randn(1)
bi = torch.arange(1).reshape(1) - 3
z64 = torch.tensor(1.6660144757847029, dtype=torch.float64)
z32 = torch.tensor(1.1518935602252638)
print((a ** -1).tolist())
print((torch.pow(a, 2)).tolist())
print(a.masked_fill(a < 0.5, 0.1))
print((a.masked_fill(a < 0.5, 0.1)).tolist())
print((F.softmax(a * 5, dim=0)).tolist())
c = a.clone()
c -= 3
print((c).tolist())
print((torch.exp(a / 4)).tolist())
