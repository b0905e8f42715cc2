import torch
torch.manual_seed(681)
x = (torch.randn(2, 16) * 0.01)[:, ::3]
x = x[:, :5]
y = torch.linalg.norm(x, -torch.inf, [1, -2])
print(y.shape, y.tolist())
y = torch.linalg.norm(x, -1, [0, 1], keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(7, 6) * 0.01).permute(0, 1)
y = torch.linalg.norm(x, float('inf'), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, ord=float('inf'), dim=(-2, -1), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(2, 4, 7, 5)).permute(3, 1, 0, 2)
y = torch.linalg.matrix_norm(x, ord=-1.0, dim=[-4, -3])
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, float('inf'), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 1, [1, 2], keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(3, 104) * 10)[:, ::2]
x = x[:, :51]
y = torch.linalg.norm(x, -1, [-2, 1])
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, ord=torch.inf, dim=(0, 1), keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(1, 3) * 1000
y = torch.linalg.norm(x, torch.inf)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, float('inf'), keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(1, 41) * 1000)[:1, :]
x = x[:1, :]
y = torch.linalg.matrix_norm(x, ord='fro', dim=[-1, 0], keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(17, 4) * 1000)[:, ::2]
x = x[:, :2]
y = torch.linalg.matrix_norm(x, 1)
print(y.shape, y.tolist())
y = torch.linalg.matrix_norm(x, ord=float('inf'), dim=(1, -2), keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(3, 4, requires_grad=True)
print(torch.linalg.matrix_norm(x, 1), torch.linalg.matrix_norm(x, -float('inf')))
print(torch.linalg.norm(x, 'fro'), torch.linalg.norm(x, float('inf'), keepdim=True))
