import torch
torch.manual_seed(977)
x = (torch.randn(100) * 10).to(torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print(x.norm())
print((x.norm()).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
x = torch.rand(2, 100, dtype=torch.float64) * 3
y = torch.rand(2, 100).double() * 4 - 2
print(x ** y)
print((x ** y).tolist())
x = torch.randn(6, dtype=torch.float64)
y = x.clone()
z = torch.zeros(6)
z[0] = x[0]
print(z)
print((z).tolist())
print(y)
print((y).tolist())
x = torch.rand(3, 3, dtype=torch.float64) * 1
y = (torch.randn(3, 3) * 10).to(torch.float64)
print((x ** 1e-3).tolist())
x = torch.rand(2, 1, dtype=torch.float64) * 1
y = (torch.randn(2, 1) * 10).to(torch.float64)
print((2 ** y).tolist())
