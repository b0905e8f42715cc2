import torch
torch.manual_seed(801)
x0 = torch.rand(5)
x1 = torch.rand(3)
y = torch.einsum(x0, [31], x1, (16,), [16, 31])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
y = torch.einsum(x0, [], [])
print(y.shape, y.tolist())
x0 = torch.rand(3, 1, 4)
x1 = torch.randn(19, 3)
y = torch.einsum(x0, [9, 46, 28], x1, [37, 45], [45, 37, 9])
print(y.shape, y.tolist())
x0 = torch.randn(1)
x1 = torch.randn(5, 5)
x2 = torch.randn(1)[0]
y = torch.einsum(x0, [38], x1, [42, 42], x2, (), [38, 42])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.randn(5, 1, 1)
y = torch.einsum(x0, [], x1, [17, 2, 2], [17])
print(y.shape, y.tolist())
