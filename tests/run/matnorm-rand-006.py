import torch
torch.manual_seed(603)
x = (torch.randn(5, 122, 7) * 0.01)[:, ::2, :]
x = x[:, :60, :]
y = torch.linalg.matrix_norm(x, float('-inf'), keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(6, 56, 4, 2)).permute(2, 3, 1, 0)
y = torch.linalg.matrix_norm(x, -1)
print(y.shape, y.tolist())
x = (torch.randn(4, 3, 1))[:3, :, :]
x = x[:3, :, :]
y = torch.linalg.norm(x, float('inf'), (0, 2))
print(y.shape, y.tolist())
x = (torch.randn(64, 4, 4) * 1000)[:, :, ::2]
x = x[:, :, :2]
y = torch.linalg.matrix_norm(x, 1)
print(y.shape, y.tolist())
x = (torch.randn(6, 12) * 10)[:6, :]
x = x[:6, :]
y = torch.linalg.norm(x, -1.0, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(7, 4) * 0.01
y = torch.linalg.norm(x, 1, (0, 1))
print(y.shape, y.tolist())
x = torch.randn(77, 2, 3) * 0.01
y = torch.linalg.matrix_norm(x, ord=1, dim=[-3, 1], keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), (0, 2))
print(y.shape, y.tolist())
x = (torch.randn(40, 2))[::2, :]
x = x[:19, :]
y = torch.linalg.norm(x, -1.0, keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), [1, 0], keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, 'fro', keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(1, 15) * 0.01).expand(74, 15)
y = torch.linalg.norm(x, torch.inf, (0, 1), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, ord=-1, dim=[-1, 0], keepdim=True)
print(y.shape, y.tolist())
x = torch.randn(3, 4, requires_grad=True)
print(torch.linalg.matrix_norm(x, 1), torch.linalg.matrix_norm(x, -float('inf')))
print(torch.linalg.norm(x, 'fro'), torch.linalg.norm(x, float('inf'), keepdim=True))
