import torch
torch.manual_seed(318)
x0 = torch.randn(3, 3, 17)
x1 = torch.randn(1)[0]
y = torch.einsum('QQV, -> ', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(1, 1)
y = torch.einsum('FF->', x0)
print(y.shape, y.tolist())
x0 = torch.randn(5)
y = torch.einsum('k -> k', x0)
print(y.shape, y.tolist())
x0 = torch.rand(17, 17, 17)
x1 = torch.randn(17)
y = torch.einsum('w w w,w->', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.randn(1)
y = torch.einsum(',y->', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(2, 4)
x1 = torch.rand(1)[0]
y = torch.einsum('rl,->', x0, x1)
print(y.shape, y.tolist())
