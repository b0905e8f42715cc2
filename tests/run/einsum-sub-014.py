import torch
torch.manual_seed(619)
x0 = torch.randn(1)[0]
x1 = torch.randn(6, 6)
x2 = torch.randn(1)[0]
y = torch.einsum(x0, [], x1, [16, 16], x2, (), [])
print(y.shape, y.tolist())
x0 = torch.rand(1)
x1 = torch.randn(1)[0]
y = torch.einsum(x0, [27], x1, [], [27])
print(y.shape, y.tolist())
x0 = torch.randn(2, 5, 2)
x1 = torch.rand(5)
x2 = torch.rand(3, 2)
y = torch.einsum(x0, [49, 14, ..., 49], x1, [14, ...], x2, [..., 33, 49], [49, 14])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.rand(20, 1)
x2 = torch.rand(1)
y = torch.einsum(x0, [], x1, [18, 30], x2, (30,))
print(y.shape, y.tolist())
x0 = torch.rand(2, 2)
y = torch.einsum(x0, [24, 3])
print(y.shape, y.tolist())
