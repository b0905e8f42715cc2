import torch
torch.manual_seed(884)
x0 = torch.rand(1)[0]
x1 = torch.rand(2, 2, 6)
x2 = torch.rand(2, 2)
y = torch.einsum(',D D l,DD->l', x0, x1, x2)
print(y.shape, y.tolist())
x0 = torch.rand(5)
x1 = torch.rand(1)
y = torch.einsum('p,k->kp', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(5, 5)
x1 = torch.randn(1)[0]
y = torch.einsum('jB,->B', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
y = torch.einsum('->', x0)
print(y.shape, y.tolist())
