import torch
torch.manual_seed(649)
x = (torch.randn(2, 3, 9) * 10).to(torch.float64)
print((torch.linalg.norm(x, 1)).tolist())
x = torch.rand(1, dtype=torch.float64) * 1
y = (torch.randn(1) * 10).to(torch.float64)
print((x ** y).tolist())
x = torch.rand(8, dtype=torch.float64) * 100
y = (torch.randn(8) * 10).to(torch.float64)
print((x[::2] ** 1.3).tolist())
x = torch.rand(17).double() * 4 - 2
print((torch.norm(x)).tolist())
x = torch.rand(2, 33, dtype=torch.float64) * 3
y = (torch.randn(2, 33) * 10).to(torch.float64)
print((torch.pow(x, 3.3)).tolist())
x = torch.rand(17).double() * 4 - 2
print(x.norm(dim=0))
print((x.norm(dim=0)).tolist())
