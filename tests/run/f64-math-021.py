import torch
torch.manual_seed(489)
x = torch.rand(7, dtype=torch.float64) * 1
y = torch.randn(7, dtype=torch.float64)
print((torch.pow(x, 1.5)).tolist())
x = torch.rand(1, dtype=torch.float64) * 1
y = torch.rand(1).double() * 4 - 2
print(x ** y)
print((x ** y).tolist())
x = torch.randn(100, dtype=torch.float64)
print((torch.linalg.vector_norm(x, 1.5, dim=0, keepdim=True)).tolist())
