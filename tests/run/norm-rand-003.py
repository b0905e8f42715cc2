import torch
torch.manual_seed(129)
x = torch.randn(1045) * 1000
y = x.norm('fro')
print(y.shape, y.tolist())
x = torch.randn(8, 6) * 1000
y = x.norm(2, (0,))
print(y.shape, y.tolist())
y = torch.norm(x, p=float('-inf'), dim=0, keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 1, dim=-2, keepdim=True)
print(y.shape, y.tolist())
x = torch.rand(2, 6, 5, 5)
y = torch.linalg.vector_norm(x, ord=2.0, keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
y = torch.norm(x)
print(y.shape, y.tolist())
x = (torch.randn(6, 5, 4, 6) * 0.01).transpose(1, 2)
y = x.norm(p='fro', dim=[3, 1], keepdim=False)
print(y.shape, y.tolist())
x = torch.rand(4860) * 0.01
y = x.norm(p=2)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 2.0, -1, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(3, 66, 5)
y = torch.linalg.vector_norm(x, ord=0)
print(y.shape, y.tolist())
x = (torch.randn(25, 3) * 1000)[::3, :]
x = x[:8, :]
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
x = torch.randn(7, 8, 43, 2) * 10
y = torch.linalg.norm(x, 0.5, dim=0)
print(y.shape, y.tolist())
x = (torch.randn(2044))[::2]
x = x[:1022]
y = x.norm(2, 0)
print(y.shape, y.tolist())
y = x.norm(1, [0], keepdim=True)
print(y.shape, y.tolist())
