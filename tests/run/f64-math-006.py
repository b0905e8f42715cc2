import torch
torch.manual_seed(509)
x = torch.randn(100, dtype=torch.float64)
print(x.norm(2))
print((x.norm(2)).tolist())
x = torch.rand(1, 3, dtype=torch.float64) * 1e-3
y = torch.randn(1, 3, dtype=torch.float64)
print(x ** y)
print((x ** y).tolist())
x = torch.rand(4, 7).double() * 4 - 2
print(torch.linalg.norm(x, 'fro'))
print((torch.linalg.norm(x, 'fro')).tolist())
