import torch
torch.manual_seed(759)
x = (torch.randn(24) * 1000)[::3]
x = x[:8]
y = x.norm('fro')
print(y.shape, y.tolist())
y = x.norm(2.0, -1, keepdim=True)
print(y.shape, y.tolist())
y = x.norm(2.0, (0,), keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(1, 163) * 10)[:, ::3]
x = x[:, :54]
y = x.norm(0.5, 1)
print(y.shape, y.tolist())
y = torch.norm(x, p=float('-inf'), dim=-2, keepdim=False)
print(y.shape, y.tolist())
y = torch.norm(x, 'fro', (0, 1))
print(y.shape, y.tolist())
x = torch.randn(7) * 0.01
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
y = x.norm(p=2)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 0, dim=-1, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(189))[::3]
y = x.norm(p=3)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(7852) * 10)[::2]
x = x[:3926]
y = torch.linalg.vector_norm(x, ord=1.5)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
x = (torch.rand(7, 6, 49) * 10)[:7, :, :]
x = x[:7, :, :]
y = torch.linalg.vector_norm(x, -1, [-2, 2])
print(y.shape, y.tolist())
y = torch.norm(x, float('-inf'))
print(y.shape, y.tolist())
y = torch.norm(x, p=2, dim=2, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(8904) * 0.01)[::2]
x = x[:4452]
y = torch.linalg.norm(x, -1, dim=0)
print(y.shape, y.tolist())
y = x.norm(p=2.0)
print(y.shape, y.tolist())
x = (torch.randn(3, 1) * 0.01).expand(3, 8)
y = x.norm(p='fro', dim=[0, 1], keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 1.5, (-2,))
print(y.shape, y.tolist())
x = torch.rand(4, 5) * 1000
y = x.norm(2, [1, -2])
print(y.shape, y.tolist())
