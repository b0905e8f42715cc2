import torch
torch.manual_seed(857)
x = torch.rand(8, 3, dtype=torch.float64) * 1
y = torch.rand(8, 3).double() * 4 - 2
print(x ** -0.3)
print((x ** -0.3).tolist())
x = torch.rand(6).double() * 4 - 2
y = x.clone()
y[y < 0] = 0.1
print(y)
print((y).tolist())
x = torch.randn(2, 3, 9, dtype=torch.float64)
print((torch.norm(x)).tolist())
