import torch
torch.manual_seed(480)
x0 = torch.randn(1)[0]
x1 = torch.randn(1)[0]
y = torch.einsum(x0, [], x1, [], ())
print(y.shape, y.tolist())
x0 = torch.rand(3, 7, 5)
x1 = torch.rand(5)
y = torch.einsum(x0, (22, 2, 4), x1, [4], [])
print(y.shape, y.tolist())
x0 = torch.randn(4, 4)
x1 = torch.randn(4)
y = torch.einsum(x0, (6, 6), x1, [1])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.rand(1, 3, 3)
y = torch.einsum(x0, [], x1, [42, 19, 19], [42])
print(y.shape, y.tolist())
x0 = torch.randn(3, 2, 1, 1)
x1 = torch.rand(1, 2, 4)
y = torch.einsum(x0, [45, ..., 9], x1, (..., 9), (45, ...))
print(y.shape, y.tolist())
