import torch
torch.manual_seed(28)
x = torch.randn(3, 5, dtype=torch.float64)
print((torch.linalg.norm(x, 'fro')).tolist())
x = (torch.randn(100) * 10).to(torch.float64)
print((torch.norm(x)).tolist())
x = torch.rand(2, 16, dtype=torch.float64) * 100
y = (torch.randn(2, 16) * 10).to(torch.float64)
print((x ** y).tolist())
x = torch.rand(2, 100, dtype=torch.float64) * 3
y = (torch.randn(2, 100) * 10).to(torch.float64)
print((y ** 3.5).tolist())
x = torch.rand(3, 5).double() * 4 - 2
print((x.norm(0.3)).tolist())
x = torch.rand(7, 3, dtype=torch.float64) * 100
y = torch.randn(7, 3, dtype=torch.float64)
print(x ** torch.tensor(1.5, dtype=torch.float64))
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
