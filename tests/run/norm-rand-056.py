import torch
torch.manual_seed(37)
x = (torch.rand(11907))[::3]
x = x[:3969]
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
x = (torch.rand(38, 3, 5, 6) * 0.01)[:, ::3, :, :]
x = x[:, :1, :, :]
y = torch.linalg.vector_norm(x, 1.5, [-1, -2, -3, 0], keepdim=False)
print(y.shape, y.tolist())
y = x.norm(dim=3)
print(y.shape, y.tolist())
x = (torch.randn(2, 1, 3) * 0.01).expand(2, 74, 3)
y = torch.norm(x)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 3, (-1, -2, 0), keepdim=False)
print(y.shape, y.tolist())
y = x.norm(float('-inf'), 2)
print(y.shape, y.tolist())
x = (torch.randn(2, 5) * 10)[:, ::2]
x = x[:, :2]
y = torch.linalg.vector_norm(x, ord=-1, keepdim=False)
print(y.shape, y.tolist())
x = (torch.rand(2, 2, 67) * 1000).permute(2, 0, 1)
y = torch.norm(x, 'fro', (2, 1), keepdim=False)
print(y.shape, y.tolist())
