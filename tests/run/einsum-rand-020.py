import torch
torch.manual_seed(113)
x0 = torch.randn(1, 2)
x1 = torch.randn(2, 3)
y = torch.einsum('Lk,kJ->LJ', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(20)
x1 = torch.randn(1)[0]
y = torch.einsum('...Y,...->Y', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(3, 2)
x1 = torch.rand(3)
y = torch.einsum('JV,J->JV', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.rand(1)[0]
y = torch.einsum(', -> ', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(6, 6)
y = torch.einsum('dd->', x0)
print(y.shape, y.tolist())
x0 = torch.rand(1, 1, 1)
x1 = torch.rand(1, 1)
x2 = torch.randn(1)[0]
y = torch.einsum('ghh,hg,', x0, x1, x2)
print(y.shape, y.tolist())
