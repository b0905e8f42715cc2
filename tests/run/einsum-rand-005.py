import torch
torch.manual_seed(849)
x0 = torch.rand(3)
y = torch.einsum('E->E', x0)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.randn(5)
y = torch.einsum(',L -> ', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(1)[0]
x1 = torch.rand(3, 3)
y = torch.einsum(',U K->KU', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(5)
x1 = torch.rand(5, 5, 5)
y = torch.einsum('f,fff -> f', x0, x1)
print(y.shape, y.tolist())
