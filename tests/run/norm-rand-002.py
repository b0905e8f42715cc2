import torch
torch.manual_seed(580)
x = (torch.rand(878) * 0.01)[::2]
x = x[:439]
y = x.norm(0.5, 0)
print(y.shape, y.tolist())
y = x.norm(1, 0, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(420) * 0.01)[::3]
y = x.norm(-1, 0)
print(y.shape, y.tolist())
y = torch.norm(x)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 0.5, dim=-1)
print(y.shape, y.tolist())
x = (torch.randn(7488) * 0.01)[::3]
y = torch.linalg.vector_norm(x, ord=float('-inf'))
print(y.shape, y.tolist())
y = x.norm(float('-inf'))
print(y.shape, y.tolist())
x = (torch.rand(1, 6, 4, 6)).transpose(1, 2)
y = x.norm()
print(y.shape, y.tolist())
x = torch.randn(1308) * 10
y = x.norm(dim=0)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2.0)
print(y.shape, y.tolist())
x = torch.randn(2718) * 1000
y = x.norm('fro')
print(y.shape, y.tolist())
