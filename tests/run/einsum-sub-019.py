import torch
torch.manual_seed(588)
x0 = torch.rand(5, 4)
x1 = torch.rand(4, 4)
y = torch.einsum(x0, [50, 26], x1, [26, 26], [])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
y = torch.einsum(x0, [])
print(y.shape, y.tolist())
x0 = torch.randn(3, 1, 2, 2, 2)
x1 = torch.randn(1)[0]
x2 = torch.randn(2, 3, 1, 2)
y = torch.einsum(x0, [..., 2, 45, 45], x1, [], x2, (2, ..., 2), [..., 2])
print(y.shape, y.tolist())
x0 = torch.rand(2)
y = torch.einsum(x0, [27])
print(y.shape, y.tolist())
