import torch
torch.manual_seed(936)
x0 = torch.rand(1, 4)
x1 = torch.randn(4, 4)
y = torch.einsum('My,yU->MU', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(2, 6, 4)
y = torch.einsum('uAr->uAr', x0)
print(y.shape, y.tolist())
x0 = torch.rand(4)
x1 = torch.rand(1)[0]
x2 = torch.randn(1)[0]
y = torch.einsum('E,,->', x0, x1, x2)
print(y.shape, y.tolist())
x0 = torch.rand(4)
x1 = torch.randn(4, 4)
y = torch.einsum('D,DD', x0, x1)
print(y.shape, y.tolist())
