import torch
torch.manual_seed(309)
x = torch.randn(3) * 0.01
y = x.norm(2, 0)
print(y.shape, y.tolist())
x = (torch.randn(496) * 10)[::2]
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
x = (torch.randn(69, 1) * 10).expand(69, 2)
y = x.norm(dim=0, keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(24, 4) * 10)[::3, :]
x = x[:8, :]
y = torch.norm(x, 'fro', (1, 0))
print(y.shape, y.tolist())
x = (torch.rand(6, 2) * 0.01).permute(1, 0)
y = torch.norm(x)
print(y.shape, y.tolist())
y = torch.norm(x, p=2.0, dim=1, keepdim=False)
print(y.shape, y.tolist())
y = x.norm(p='fro', dim=[1, 0])
print(y.shape, y.tolist())
x = (torch.rand(3, 136))[:, ::2]
x = x[:, :68]
y = torch.linalg.vector_norm(x, ord=float('inf'), keepdim=False)
print(y.shape, y.tolist())
