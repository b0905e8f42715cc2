import torch
torch.manual_seed(741)
x = torch.rand(1, 3, dtype=torch.float64) * 1e-3
y = (torch.randn(1, 3) * 10).to(torch.float64)
print(x ** y)
print((x ** y).tolist())
x = torch.rand(4, 5).double() * 4 - 2
y = x.clone()
y[0] = 0.1
y[..., -1] = torch.arange(4, dtype=torch.float64).reshape(4)
print(y)
print((y).tolist())
x = torch.randn(100, dtype=torch.float64)
print((x.norm(dim=0)).tolist())
