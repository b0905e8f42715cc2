import torch
torch.manual_seed(97)
x0 = torch.randn(1)
y = torch.einsum('N->N', x0)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.rand(5, 4, 4)
y = torch.einsum(',blW', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(5, 3, 3)
y = torch.einsum('gYJ->g', x0)
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
y = torch.einsum(' -> ', x0)
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.rand(17, 17, 17)
x2 = torch.randn(17, 17)
y = torch.einsum(',XXX,XX->', x0, x1, x2)
print(y.shape, y.tolist())
