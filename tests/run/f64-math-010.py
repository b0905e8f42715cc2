import torch
torch.manual_seed(509)
x = torch.rand(4, 7).double() * 4 - 2
print(torch.linalg.matrix_norm(x, 'fro'))
print((torch.linalg.matrix_norm(x, 'fro')).tolist())
x = torch.rand(17).double() * 4 - 2
print((torch.linalg.norm(x)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
x = torch.rand(2, 3, 9).double() * 4 - 2
print(torch.linalg.matrix_norm(x, float('inf')))
print((torch.linalg.matrix_norm(x, float('inf'))).tolist())
x = torch.rand(2, 100, dtype=torch.float64) * 1
y = torch.randn(2, 100, dtype=torch.float64)
print(x ** 1.7)
print((x ** 1.7).tolist())
