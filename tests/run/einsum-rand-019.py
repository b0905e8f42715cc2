import torch
torch.manual_seed(967)
x0 = torch.rand(1)[0]
x1 = torch.rand(1)[0]
x2 = torch.randn(2)
y = torch.einsum(',,x -> x', x0, x1, x2)
print(y.shape, y.tolist())
x0 = torch.randn(12)
y = torch.einsum('X->', x0)
print(y.shape, y.tolist())
x0 = torch.rand(1, 1, 4)
x1 = torch.rand(1)
y = torch.einsum('KKl,K->l K', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(6, 6)
y = torch.einsum('jj->j', x0)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
y = torch.einsum(' -> ', x0)
print(y.shape, y.tolist())
