import torch
torch.manual_seed(228)
x = (torch.randn(5, 8, 8) * 10).permute(2, 1, 0)
y = x.norm()
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2.0)
print(y.shape, y.tolist())
y = x.norm(dim=-3, keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(10) * 1000)[::2]
y = torch.linalg.vector_norm(x, 0.5, [-1])
print(y.shape, y.tolist())
y = x.norm(-1, 0, keepdim=True)
print(y.shape, y.tolist())
y = x.norm(0, -1)
print(y.shape, y.tolist())
x = (torch.randn(5, 3, 23) * 1000)[:, :, ::3]
x = x[:, :, :7]
y = x.norm(dim=-1)
print(y.shape, y.tolist())
y = x.norm(dim=(1, 0), keepdim=True)
print(y.shape, y.tolist())
y = torch.norm(x, p=float('inf'), dim=1)
print(y.shape, y.tolist())
x = (torch.randn(1, 7, 16) * 0.01)[:, :, ::3]
x = x[:, :, :5]
y = torch.linalg.vector_norm(x, ord=2, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(21))[::3]
x = x[:7]
y = x.norm('fro')
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.randn(177))[::3]
x = x[:59]
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
y = x.norm(dim=0)
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.randn(6, 4, 27, 3) * 1000)[:, ::3, :, :]
x = x[:, :1, :, :]
y = torch.linalg.vector_norm(x, -1, [3, 0, -2, 1])
print(y.shape, y.tolist())
