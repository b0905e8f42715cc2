import torch
torch.manual_seed(964)
x0 = torch.randn(1)
x1 = torch.randn(1)[0]
y = torch.einsum('E,->', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(9)
y = torch.einsum('K -> K', x0)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.randn(3, 3, 3)
y = torch.einsum(',eee', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(1, 1)
x1 = torch.randn(16, 16)
y = torch.einsum('ii,ii', x0, x1)
print(y.shape, y.tolist())
