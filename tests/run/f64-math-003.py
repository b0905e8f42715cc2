import torch
torch.manual_seed(19)
x = torch.randn(100, dtype=torch.float64)
print((torch.linalg.norm(x)).tolist())
x = torch.rand(1, 3, dtype=torch.float64) * 1e-3
y = (torch.randn(1, 3) * 10).to(torch.float64)
print((y ** 4).tolist())
x = torch.rand(2, 3, dtype=torch.float64) * 1e-3
y = (torch.randn(2, 3) * 10).to(torch.float64)
print((y ** 3.5).tolist())
x = torch.rand(16, dtype=torch.float64) * 100
y = torch.rand(16).double() * 4 - 2
print(x ** y)
print((x ** y).tolist())
x = torch.rand(3, dtype=torch.float64) * 1
y = (torch.randn(3) * 10).to(torch.float64)
print(y ** 4)
print((y ** 4).tolist())
