import torch
torch.manual_seed(758)
x = torch.rand(7, 3, dtype=torch.float64) * 3
y = torch.rand(7, 3).double() * 4 - 2
print(x.t() ** 1.3)
print((x.t() ** 1.3).tolist())
x = torch.randn(6, dtype=torch.float64)
y = x.clone()
print(torch.einsum('i,i->', x, x))
print((torch.einsum('i,i->', x, x)).tolist())
print(y)
print((y).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print(torch.linalg.matrix_norm(x, 1))
print((torch.linalg.matrix_norm(x, 1)).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print((torch.linalg.matrix_norm(x, float('inf'))).tolist())
x = torch.rand(9, dtype=torch.float64) * 3
y = torch.randn(9, dtype=torch.float64)
print(torch.pow(x, 3.3))
print((torch.pow(x, 3.3)).tolist())
