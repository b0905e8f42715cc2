import torch
torch.manual_seed(848)
x = torch.rand(2, 100, dtype=torch.float64) * 3
y = (torch.randn(2, 100) * 10).to(torch.float64)
print(x ** 7.000001)
print((x ** 7.000001).tolist())
x = torch.rand(2, 7, dtype=torch.float64) * 1e-3
y = torch.rand(2, 7).double() * 4 - 2
print(torch.pow(x, y))
print((torch.pow(x, y)).tolist())
x = torch.rand(9, dtype=torch.float64) * 1
y = (torch.randn(9) * 10).to(torch.float64)
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
