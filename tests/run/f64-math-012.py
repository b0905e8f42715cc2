import torch
torch.manual_seed(133)
x = torch.rand(2, 3, dtype=torch.float64) * 3
y = (torch.randn(2, 3) * 10).to(torch.float64)
print(x ** 1e-3)
print((x ** 1e-3).tolist())
x = torch.rand(2, 15, dtype=torch.float64) * 3
y = torch.randn(2, 15, dtype=torch.float64)
print((y ** 3.5).tolist())
x = torch.randn(100, dtype=torch.float64)
print((x.norm(0.3)).tolist())
x = torch.rand(2, 9, dtype=torch.float64) * 1e-3
y = torch.rand(2, 9).double() * 4 - 2
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
x = torch.randn(3, 5, dtype=torch.float64)
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
