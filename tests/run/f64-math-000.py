import torch
torch.manual_seed(193)
x = torch.rand(9, 3, dtype=torch.float64) * 1e-3
y = torch.rand(9, 3).double() * 4 - 2
print((x ** -3).tolist())
x = torch.rand(2, 100, dtype=torch.float64) * 1e-3
y = torch.rand(2, 100).double() * 4 - 2
print(y ** 3.5)
print((y ** 3.5).tolist())
x = (torch.randn(2, 3, 9) * 10).to(torch.float64)
print((torch.linalg.norm(x)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
