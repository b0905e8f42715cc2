import torch
torch.manual_seed(543)
x = torch.rand(16, dtype=torch.float64) * 100
y = (torch.randn(16) * 10).to(torch.float64)
print(x ** y)
print((x ** y).tolist())
x = torch.rand(17).double() * 4 - 2
print(x.norm(dim=0))
print((x.norm(dim=0)).tolist())
x = torch.randn(2, 3, 9, dtype=torch.float64)
print((x.norm()).tolist())
