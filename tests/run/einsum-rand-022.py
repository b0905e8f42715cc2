import torch
torch.manual_seed(644)
x0 = torch.rand(1)
x1 = torch.rand(1, 1)
y = torch.einsum('d,Gd', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(1, 1)
y = torch.einsum('YY->Y', x0)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.rand(1)[0]
y = torch.einsum(', -> ', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(19, 4, 19)
x1 = torch.randn(1)[0]
y = torch.einsum('zfz, -> ', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(1)
x1 = torch.randn(15, 1, 1)
y = torch.einsum('N,lNN', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(10, 3)
x1 = torch.randn(3, 3, 10)
x2 = torch.randn(1)[0]
y = torch.einsum('PL,LLP,', x0, x1, x2)
print(y.shape, y.tolist())
