import torch
torch.manual_seed(193)
x = torch.rand(2, 8, dtype=torch.float64) * 1e-3
y = torch.rand(2, 8).double() * 4 - 2
print((x ** -3).tolist())
x = (torch.randn(3, 5) * 10).to(torch.float64)
print((torch.linalg.norm(x)).tolist())
x = (torch.randn(2, 3, 4) * 10).to(torch.float64)
y = x.clone()
z = torch.zeros(2, 3, 4)
z[0] = x[0]
print(z)
print((z).tolist())
print((y).tolist())
