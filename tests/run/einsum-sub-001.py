import torch
torch.manual_seed(740)
x0 = torch.rand(4, 4)
x1 = torch.randn(1)[0]
y = torch.einsum(x0, [10, 10], x1, (), [10])
print(y.shape, y.tolist())
x0 = torch.randn(14)
y = torch.einsum(x0, [7, ...], [7])
print(y.shape, y.tolist())
x0 = torch.rand(4, 4, 5)
x1 = torch.randn(1)
y = torch.einsum(x0, [27, 27, 11], x1, [24])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
y = torch.einsum(x0, ())
print(y.shape, y.tolist())
x0 = torch.rand(2)
x1 = torch.randn(1)[0]
x2 = torch.randn(1)[0]
y = torch.einsum(x0, [23], x1, (), x2, [], ())
print(y.shape, y.tolist())
