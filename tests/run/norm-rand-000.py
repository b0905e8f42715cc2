import torch
torch.manual_seed(515)
x = (torch.rand(18) * 10)[::3]
x = x[:6]
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=1.5)
print(y.shape, y.tolist())
x = (torch.randn(40, 5) * 10).permute(0, 1)
y = torch.linalg.vector_norm(x, ord=2.0, keepdim=True)
print(y.shape, y.tolist())
x = torch.rand(1772)
y = torch.linalg.vector_norm(x, 2, 0, keepdim=False)
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.rand(8, 8, 45, 3) * 1000)[:, ::3, :, :]
x = x[:, :2, :, :]
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
x = (torch.randn(1323) * 0.01)[::3]
y = torch.linalg.vector_norm(x, ord=-1)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=1)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 2, [0], keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(6, 8, 7, 5)
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
x = torch.randn(32, 1) * 0.01
y = torch.norm(x, 'fro', (0, 1))
print(y.shape, y.tolist())
y = x.norm(0.5, 0)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2)
print(y.shape, y.tolist())
x = (torch.randn(62, 1) * 1000)[::2, :]
x = x[:31, :]
y = torch.norm(x, p=0, dim=1, keepdim=True)
print(y.shape, y.tolist())
y = x.norm(dim=(1, 0))
print(y.shape, y.tolist())
