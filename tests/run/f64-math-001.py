import torch
torch.manual_seed(833)
x = torch.rand(16, 3, dtype=torch.float64) * 3
y = torch.rand(16, 3).double() * 4 - 2
print((x ** y).tolist())
x = torch.rand(5).double() * 4 - 2
print(x.norm(0.3))
print((x.norm(0.3)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print((x).tolist())
x = (torch.randn(3, 5) * 10).to(torch.float64)
print((x.norm(2)).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = torch.rand(2, 1, dtype=torch.float64) * 100
y = torch.randn(2, 1, dtype=torch.float64)
print(x ** 7.000001)
print((x ** 7.000001).tolist())
