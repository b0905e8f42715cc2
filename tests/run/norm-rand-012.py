import torch
torch.manual_seed(592)
x = (torch.randn(6897) * 0.01)[::3]
x = x[:2299]
y = x.norm(-1, -1, keepdim=True)
print(y.shape, y.tolist())
y = torch.norm(x, p=0.5, dim=-1)
print(y.shape, y.tolist())
x = torch.rand(59, 7) * 1000
y = torch.linalg.vector_norm(x, 2, [1, 0], keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(7, 2, 8, 4) * 0.01).transpose(2, 1)
y = x.norm(0)
print(y.shape, y.tolist())
x = (torch.randn(20, 39, 5) * 0.01).permute(0, 2, 1)
y = x.norm(dim=-2, keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 3, dim=2)
print(y.shape, y.tolist())
y = x.norm(-1, [1, 2], keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(1) * 10
y = torch.linalg.norm(x, 2, dim=0)
print(y.shape, y.tolist())
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), dim=0)
print(y.shape, y.tolist())
