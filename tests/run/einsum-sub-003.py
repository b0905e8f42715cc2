import torch
torch.manual_seed(16)
x0 = torch.rand(4, 3, 4, 1, 1)
x1 = torch.randn(3, 4, 3)
y = torch.einsum(x0, [43, 28, 43, ...], x1, [28, 43, 28], [28, 43])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.randn(2)
y = torch.einsum(x0, [], x1, [22], [])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.randn(4, 5)
y = torch.einsum(x0, [], x1, [33, 9])
print(y.shape, y.tolist())
x0 = torch.randn(5)
x1 = torch.randn(3)
y = torch.einsum(x0, [41], x1, [0], [0, 41])
print(y.shape, y.tolist())
