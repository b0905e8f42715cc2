import torch
torch.manual_seed(488)
x = (torch.randn(42) * 0.01)[::3]
y = x.norm(p=2)
print(y.shape, y.tolist())
x = torch.randn(7) * 10
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.norm(x, p=2, dim=0, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(144))[::2]
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 2, 0)
print(y.shape, y.tolist())
y = torch.norm(x, p=0.5, dim=0)
print(y.shape, y.tolist())
x = (torch.rand(74, 7) * 10).transpose(0, 1)
y = x.norm(float('-inf'), (1, 0), keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(3, 2, 46, 2) * 0.01
y = torch.linalg.vector_norm(x, 1.5, [-4, -3, 3, 2], keepdim=False)
print(y.shape, y.tolist())
y = x.norm(0.5, [3], keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(1, 6, 1) * 0.01).expand(51, 6, 1)
y = x.norm(1.5, [0, 2, 1], keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, float('inf'), [1, 0, -1], keepdim=False)
print(y.shape, y.tolist())
x = (torch.rand(204) * 10)[::3]
x = x[:68]
y = x.norm('fro')
print(y.shape, y.tolist())
y = x.norm(dim=0)
print(y.shape, y.tolist())
