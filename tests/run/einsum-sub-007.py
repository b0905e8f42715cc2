import torch
torch.manual_seed(647)
x0 = torch.rand(3, 1)
x1 = torch.randn(1)[0]
y = torch.einsum(x0, (41, 42), x1, [], [42, 41])
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.randn(3)
x2 = torch.randn(3)
y = torch.einsum(x0, [], x1, [24], x2, [24], [])
print(y.shape, y.tolist())
x0 = torch.rand(15, 15)
x1 = torch.randn(1)[0]
y = torch.einsum(x0, [30, 30], x1, [], [30])
print(y.shape, y.tolist())
x0 = torch.randn(2, 21)
y = torch.einsum(x0, [40, 47], (47, 40))
print(y.shape, y.tolist())
