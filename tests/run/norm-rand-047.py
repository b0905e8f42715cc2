import torch
torch.manual_seed(818)
x = torch.rand(1, 45) * 0.01
y = torch.linalg.vector_norm(x, 2, [-2, -1], keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(61, 7, 2))[:, :5, :]
x = x[:, :5, :]
y = torch.norm(x, 'fro', (0, 2), keepdim=False)
print(y.shape, y.tolist())
y = x.norm(dim=(1, 0))
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 1, dim=-2, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(9648) * 1000)[::3]
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.norm(x)
print(y.shape, y.tolist())
x = (torch.randn(16) * 1000)[::2]
x = x[:8]
y = x.norm('fro')
print(y.shape, y.tolist())
x = torch.randn(48, 6) * 0.01
y = torch.linalg.vector_norm(x, ord=2)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=0.5)
print(y.shape, y.tolist())
y = x.norm(float('-inf'), 1)
print(y.shape, y.tolist())
