import torch
torch.manual_seed(67)
x = torch.rand(100, dtype=torch.float64) * 100
y = (torch.randn(100) * 10).to(torch.float64)
print(x ** y)
print((x ** y).tolist())
x = torch.rand(1, dtype=torch.float64) * 1
y = torch.randn(1, dtype=torch.float64)
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
x = torch.rand(17).double() * 4 - 2
print(torch.linalg.norm(x))
print((torch.linalg.norm(x)).tolist())
x = torch.rand(2, 15, dtype=torch.float64) * 1e-3
y = torch.rand(2, 15).double() * 4 - 2
print(y ** 3.5)
print((y ** 3.5).tolist())
x = torch.randn(100, dtype=torch.float64)
print(torch.linalg.norm(x))
print((torch.linalg.norm(x)).tolist())
