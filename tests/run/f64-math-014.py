import torch
torch.manual_seed(324)
x = torch.rand(2, 100, dtype=torch.float64) * 3
y = torch.randn(2, 100, dtype=torch.float64)
print((x ** 1.7).tolist())
x = torch.rand(100, dtype=torch.float64) * 3
y = (torch.randn(100) * 10).to(torch.float64)
print((y ** 3.5).tolist())
x = torch.randn(4, 7, dtype=torch.float64)
print((torch.linalg.matrix_norm(x, 1)).tolist())
x = torch.rand(9, dtype=torch.float64) * 3
y = torch.randn(9, dtype=torch.float64)
print((2 ** y).tolist())
x = torch.rand(7, dtype=torch.float64) * 1e-3
y = torch.randn(7, dtype=torch.float64)
print((torch.pow(x, 1.5)).tolist())
