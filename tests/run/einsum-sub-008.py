import torch
torch.manual_seed(122)
x0 = torch.rand(17, 17, 17)
x1 = torch.rand(1, 1)
y = torch.einsum(x0, [21, 21, 21], x1, [21, 21])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.randn(10, 17, 10)
y = torch.einsum(x0, [], x1, [51, 11, 51], [51, 11])
print(y.shape, y.tolist())
x0 = torch.randn(20, 5)
x1 = torch.randn(1)[0]
y = torch.einsum(x0, [17, 23], x1, (), (17,))
print(y.shape, y.tolist())
x0 = torch.rand(1, 3)
x1 = torch.randn(3, 2, 2)
y = torch.einsum(x0, (47, 21), x1, [49, 12, 12], [21, 47])
print(y.shape, y.tolist())
