import torch
torch.manual_seed(510)
x = torch.randn(3, 5, dtype=torch.float64)
print((x.norm(dim=-1)).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print(torch.linalg.matrix_norm(x, float('inf')))
print((torch.linalg.matrix_norm(x, float('inf'))).tolist())
x = (torch.randn(100) * 10).to(torch.float64)
print((torch.linalg.norm(x)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print((x).tolist())
x = torch.rand(2, 16, dtype=torch.float64) * 100
y = torch.randn(2, 16, dtype=torch.float64)
print(x ** y)
print((x ** y).tolist())
x = torch.rand(8, dtype=torch.float64) * 1e-3
y = torch.randn(8, dtype=torch.float64)
print(2 ** y)
print((2 ** y).tolist())
