import torch
torch.manual_seed(450)
x = (torch.randn(43, 1) * 10).expand(43, 32)
y = torch.linalg.matrix_norm(x, float('inf'), keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, torch.inf, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(55, 5) * 1000
y = torch.linalg.matrix_norm(x, ord=-1, dim=(1, 0))
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), (1, -2), keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(5, 7) * 10
y = torch.linalg.norm(x, float('-inf'))
print(y.shape, y.tolist())
x = (torch.rand(8, 6, 7, 8) * 0.01)[::2, :, :, :]
x = x[:4, :, :, :]
y = torch.linalg.norm(x, torch.inf, (1, 0))
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 'fro', [3, 2])
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, float('inf'), keepdim=False)
print(y.shape, y.tolist())
x = torch.rand(3, 46) * 10
y = torch.linalg.matrix_norm(x, 1, keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, ord=1, dim=(1, -2), keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(3, 4, 21, 10))[:, :, :, :8]
x = x[:, :, :, :8]
y = torch.linalg.norm(x, -1, (-2, -4))
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, ord=float('inf'), dim=(-4, -2), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, float('inf'))
print(y.shape, y.tolist())
x = (torch.randn(23, 3) * 10)[::3, :]
x = x[:7, :]
y = torch.linalg.norm(x, 1, [1, 0], keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, -1, keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, -1, (0, 1))
print(y.shape, y.tolist())
x = (torch.rand(7, 6, 21, 1) * 1000)[:, :, ::3, :]
x = x[:, :, :7, :]
y = torch.linalg.norm(x, -torch.inf, (1, 2))
print(y.shape, y.tolist())
x = (torch.randn(10, 6) * 0.01).transpose(1, 0)
y = torch.linalg.norm(x, 'fro', keepdim=True)
print(y.shape, y.tolist())
x = torch.randn(3, 4, requires_grad=True)
print(torch.linalg.matrix_norm(x, 1), torch.linalg.matrix_norm(x, -float('inf')))
print(torch.linalg.norm(x, 'fro'), torch.linalg.norm(x, float('inf'), keepdim=True))
