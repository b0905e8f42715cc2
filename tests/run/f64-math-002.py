import torch
torch.manual_seed(942)
x = torch.randn(100, dtype=torch.float64)
print((x.norm()).tolist())
x = torch.rand(15, dtype=torch.float64) * 3
y = (torch.randn(15) * 10).to(torch.float64)
print((x[::2] ** 1.3).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print(torch.linalg.norm(x))
print((torch.linalg.norm(x)).tolist())
x = torch.randn(4, 7, dtype=torch.float64)
print(torch.linalg.norm(x))
print((torch.linalg.norm(x)).tolist())
x = torch.rand(17, dtype=torch.float64) * 1
y = torch.randn(17, dtype=torch.float64)
print(x ** y)
print((x ** y).tolist())
x = torch.rand(2, 9, dtype=torch.float64) * 100
y = (torch.randn(2, 9) * 10).to(torch.float64)
print((x ** 2.5).tolist())
