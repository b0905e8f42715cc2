import torch
torch.manual_seed(100)
x = torch.randn(5, 10) * 1000
y = x.norm(-1, [1], keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(1, 6) * 10
y = torch.norm(x, 'fro', (1, 0))
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=1)
print(y.shape, y.tolist())
x = (torch.rand(3, 8, 7) * 0.01)[:, ::3, :]
x = x[:, :2, :]
y = torch.linalg.vector_norm(x, 0, 0)
print(y.shape, y.tolist())
x = (torch.randn(8, 38) * 1000)[:, :37]
x = x[:, :37]
y = torch.linalg.vector_norm(x, 0, 1)
print(y.shape, y.tolist())
y = x.norm(float('inf'), -1)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
x = torch.rand(2360)
y = torch.linalg.vector_norm(x, float('inf'), 0)
print(y.shape, y.tolist())
