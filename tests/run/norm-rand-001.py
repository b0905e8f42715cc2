import torch
torch.manual_seed(608)
x = torch.rand(1769) * 10
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
x = (torch.rand(1, 16, 77) * 1000)[:, ::2, :]
x = x[:, :8, :]
y = torch.linalg.vector_norm(x, ord=float('-inf'))
print(y.shape, y.tolist())
x = torch.rand(31)
y = x.norm(3)
print(y.shape, y.tolist())
y = torch.norm(x, 0)
print(y.shape, y.tolist())
x = (torch.randn(1, 6) * 1000).expand(22, 6)
y = x.norm(p='fro', dim=[1, 0])
print(y.shape, y.tolist())
x = (torch.randn(8064) * 10)[::3]
y = x.norm(1)
print(y.shape, y.tolist())
x = (torch.rand(1, 2) * 0.01).expand(68, 2)
y = torch.norm(x, p=float('-inf'), dim=1, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(136))[::2]
x = x[:68]
y = torch.linalg.norm(x, 2, dim=0)
print(y.shape, y.tolist())
