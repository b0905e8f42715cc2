import torch
torch.manual_seed(963)
x = (torch.randn(4, 7) * 10).to(torch.float64)
print(torch.linalg.norm(x))
print((torch.linalg.norm(x)).tolist())
x = torch.rand(1, dtype=torch.float64) * 1e-3
y = (torch.randn(1) * 10).to(torch.float64)
print(torch.pow(x, 1.5))
print((torch.pow(x, 1.5)).tolist())
x = torch.randn(6, 6, dtype=torch.float64)
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
