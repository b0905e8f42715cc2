import torch
torch.manual_seed(384)
x0 = torch.rand(4)
x1 = torch.randn(4)
y = torch.einsum('t,w->wt', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.rand(1)
y = torch.einsum(',i->i', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(4)
x1 = torch.rand(6)
y = torch.einsum('Y,m->mY', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(1, 1)
y = torch.einsum('u u -> ', x0)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.randn(1)[0]
x2 = torch.randn(1)[0]
y = torch.einsum(',,->', x0, x1, x2)
print(y.shape, y.tolist())
x0 = torch.rand(4)
x1 = torch.rand(4)
x2 = torch.randn(1)[0]
y = torch.einsum('Y,Y, -> Y', x0, x1, x2)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.randn(1, 4)
y = torch.einsum(',AZ', x0, x1)
print(y.shape, y.tolist())
