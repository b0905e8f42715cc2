import torch
torch.manual_seed(939)
x = torch.rand(2, 17, dtype=torch.float64) * 1
y = (torch.randn(2, 17) * 10).to(torch.float64)
print((y ** 4).tolist())
x = (torch.randn(17) * 10).to(torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = torch.rand(2, 16, dtype=torch.float64) * 1e-3
y = torch.rand(2, 16).double() * 4 - 2
print((x ** 7.000001).tolist())
x = torch.rand(2, 9, dtype=torch.float64) * 1
y = torch.rand(2, 9).double() * 4 - 2
print((2 ** y).tolist())
x = torch.rand(17).double() * 4 - 2
print(x.norm())
print((x.norm()).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print((x).tolist())
x = torch.rand(2, 3, 9).double() * 4 - 2
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
