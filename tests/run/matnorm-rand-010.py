import torch
torch.manual_seed(978)
x = (torch.randn(4, 67, 2)).transpose(1, 2)
y = torch.linalg.matrix_norm(x, ord=-torch.inf, dim=[1, 2], keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(35, 1) * 0.01).expand(35, 4)
y = torch.linalg.norm(x, float('inf'), [0, 1])
print(y.shape, y.tolist())
x = (torch.randn(6, 3) * 10)[::2, :]
x = x[:3, :]
y = torch.linalg.matrix_norm(x, 'fro', keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(6, 1, 8) * 1000
y = torch.linalg.norm(x, 1, (0, -1))
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), (2, 1))
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), (1, -3))
print(y.shape, y.tolist())
x = (torch.rand(38, 4, 4) * 10)[:37, :, :]
x = x[:37, :, :]
y = torch.linalg.matrix_norm(x, 1)
print(y.shape, y.tolist())
x = (torch.rand(4, 21, 7, 1) * 0.01).expand(4, 21, 7, 8)
y = torch.linalg.matrix_norm(x, ord=float('inf'), dim=(-1, 2), keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, torch.inf, (1, 3), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, torch.inf, (3, 1), keepdim=True)
print(y.shape, y.tolist())
x = torch.randn(2, 3, 8, 6)
y = torch.linalg.norm(x, float('inf'), (-2, -4))
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), (3, 2), keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(5, 42, 3) * 1000)[:, ::2, :]
x = x[:, :20, :]
y = torch.linalg.norm(x, 1, [-2, 2])
print(y.shape, y.tolist())
x = torch.randn(3, 4, requires_grad=True)
print(torch.linalg.matrix_norm(x, 1), torch.linalg.matrix_norm(x, -float('inf')))
print(torch.linalg.norm(x, 'fro'), torch.linalg.norm(x, float('inf'), keepdim=True))
