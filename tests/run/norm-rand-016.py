import torch
torch.manual_seed(988)
x = (torch.randn(1, 1, 79) * 10).permute(0, 1, 2)
y = torch.linalg.norm(x, float('inf'), dim=1, keepdim=False)
print(y.shape, y.tolist())
y = x.norm(2, (-2, 0), keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(1, 78, 7, 1) * 1000).expand(1, 78, 7, 1)
y = x.norm(0, -3, keepdim=False)
print(y.shape, y.tolist())
x = (torch.rand(4, 8) * 1000).permute(1, 0)
y = torch.linalg.vector_norm(x, ord=float('inf'))
print(y.shape, y.tolist())
y = torch.norm(x, 'fro', (1, 0))
print(y.shape, y.tolist())
y = x.norm(p='fro', dim=[1, 0], keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(10) * 10)[::2]
x = x[:5]
y = x.norm(float('-inf'), (0,), keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(8265))[::3]
x = x[:2755]
y = torch.linalg.norm(x, float('-inf'), dim=-1)
print(y.shape, y.tolist())
y = torch.norm(x)
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.randn(150, 61) * 10)[::2, :]
x = x[:74, :]
y = torch.norm(x, p=1.5, dim=-1)
print(y.shape, y.tolist())
y = x.norm(float('-inf'), (1, -2), keepdim=False)
print(y.shape, y.tolist())
y = x.norm(float('inf'), -2, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(72))[::3]
y = x.norm(1.5, -1)
print(y.shape, y.tolist())
y = x.norm(-1, 0, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(14595) * 10)[::3]
x = x[:4865]
y = torch.linalg.vector_norm(x, ord=3)
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
x = torch.rand(5) * 1000
y = x.norm(float('inf'), 0)
print(y.shape, y.tolist())
