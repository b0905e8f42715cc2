import torch
torch.manual_seed(706)
x = torch.randn(100, dtype=torch.float64)
print((x.norm(float('inf'))).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print((x).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
x = (torch.randn(100) * 10).to(torch.float64)
print(torch.norm(x))
print((torch.norm(x)).tolist())
x = torch.rand(1, 3, dtype=torch.float64) * 1e-3
y = torch.rand(1, 3).double() * 4 - 2
print(x.t() ** 1.3)
print((x.t() ** 1.3).tolist())
x = torch.randn(17, dtype=torch.float64)
print(x.norm())
print((x.norm()).tolist())
