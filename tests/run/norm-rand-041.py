import torch
torch.manual_seed(109)
x = (torch.rand(1, 24) * 1000).expand(1, 24)
y = torch.norm(x, 2)
print(y.shape, y.tolist())
y = x.norm(dim=0)
print(y.shape, y.tolist())
x = (torch.randn(12369) * 0.01)[::3]
x = x[:4123]
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.norm(x, float('-inf'))
print(y.shape, y.tolist())
y = x.norm(dim=0, keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(4, 40) * 0.01)[:, ::2]
x = x[:, :19]
y = torch.linalg.norm(x, 'fro')
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 2.0, dim=1)
print(y.shape, y.tolist())
y = x.norm(2, -1, keepdim=False)
print(y.shape, y.tolist())
x = torch.rand(7) * 10
y = torch.linalg.vector_norm(x, ord=1)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2.0, keepdim=True)
print(y.shape, y.tolist())
y = x.norm(0, 0, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(4) * 0.01)[::2]
x = x[:2]
y = x.norm(2, 0)
print(y.shape, y.tolist())
x = (torch.rand(7, 5, 8))[:6, :, :]
x = x[:6, :, :]
y = torch.linalg.vector_norm(x, ord=0, keepdim=True)
print(y.shape, y.tolist())
y = x.norm(2, (2, -2), keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(40, 1) * 0.01).expand(40, 6)
y = x.norm(3, 1, keepdim=True)
print(y.shape, y.tolist())
y = torch.norm(x, 2.0)
print(y.shape, y.tolist())
