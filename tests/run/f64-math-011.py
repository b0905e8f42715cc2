import torch
torch.manual_seed(473)
x = torch.rand(8, dtype=torch.float64) * 100
y = (torch.randn(8) * 10).to(torch.float64)
print((x[::2] ** 1.3).tolist())
x = torch.rand(17).double() * 4 - 2
print((torch.norm(x)).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print((torch.linalg.matrix_norm(x, float('inf'))).tolist())
x = torch.rand(100).double() * 4 - 2
print(x.norm(dim=-1))
print((x.norm(dim=-1)).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print(torch.linalg.matrix_norm(x, 'fro'))
print((torch.linalg.matrix_norm(x, 'fro')).tolist())
x = torch.rand(16, dtype=torch.float64) * 3
y = (torch.randn(16) * 10).to(torch.float64)
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
