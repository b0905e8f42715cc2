import torch
torch.manual_seed(518)
x = torch.rand(5) * 1000
y = torch.linalg.vector_norm(x, 1, 0, keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=float('inf'), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2.0, keepdim=True)
print(y.shape, y.tolist())
x = torch.randn(211) * 1000
y = x.norm(2.0, [0])
print(y.shape, y.tolist())
x = (torch.rand(1, 53) * 1000).expand(6, 53)
y = torch.linalg.vector_norm(x, 0, (0, 1), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2)
print(y.shape, y.tolist())
x = (torch.rand(24) * 0.01)[::2]
y = x.norm(1.5, 0, keepdim=False)
print(y.shape, y.tolist())
x = torch.rand(1) * 0.01
y = x.norm(float('-inf'), -1)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 1.5, dim=-1, keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 2.0, dim=0, keepdim=False)
print(y.shape, y.tolist())
