import torch
torch.manual_seed(117)
x = torch.randn(6, 4) * 1000
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
x = torch.rand(4025) * 0.01
y = x.norm(2, -1)
print(y.shape, y.tolist())
x = (torch.randn(144) * 0.01)[::3]
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, -1, 0)
print(y.shape, y.tolist())
y = torch.norm(x, p=2, dim=-1)
print(y.shape, y.tolist())
x = (torch.rand(47, 4) * 1000).permute(1, 0)
y = torch.linalg.vector_norm(x, 3, [0, -1])
print(y.shape, y.tolist())
y = torch.norm(x, 0)
print(y.shape, y.tolist())
x = torch.randn(2570) * 1000
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 2.0, dim=-1)
print(y.shape, y.tolist())
