import torch
import torch.nn.functional as F
torch.manual_seed(840)
a = torch.rand(17, 17, dtype=torch.float64) * 10
b = torch.randn(17, 17, dtype=torch.float64) * 1e6
b32 = torch.randn(17, 17)
bi = torch.arange(289).reshape(17, 17) - 3
z64 = torch.tensor(2.291261764460865, dtype=torch.float64)
z32 = torch.tensor(1.3837373723541093)
print(a % b32)
print((a % b32).tolist())
print(torch.sqrt(a.abs() + 1))
print((torch.sqrt(a.abs() + 1)).tolist())
print(a.mean())
print((a.mean()).tolist())
print((torch.where(a > b, a, b)).tolist())
print((a.std(-2)).tolist())
a = torch.rand(5, 16, 17, dtype=torch.float64)
b = (torch.arange(1360, dtype=torch.float64).reshape(5, 16, 17) - 680) / 7
b32 = torch.randn(5, 16, 17)
bi = torch.arange(1360).reshape(5, 16, 17) - 3
z64 = torch.tensor(0.6314769348357552, dtype=torch.float64)
z32 = torch.tensor(2.1854958434950618)
c = a.clone()
c += b32
print(c)
print((c).tolist())
print(a ** -1)
print((a ** -1).tolist())
print((torch.softmax(a.masked_fill(torch.tril(a) == 0, float('-inf')), -1)).tolist())
print((a.transpose(0, -1).mean(1)).tolist())
print(a.mean())
print((a.mean()).tolist())
