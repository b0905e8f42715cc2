import torch
torch.manual_seed(261)
x = torch.rand(2460) * 1000
y = torch.norm(x, 1)
print(y.shape, y.tolist())
x = torch.randn(4767)
y = x.norm(p=2)
print(y.shape, y.tolist())
y = x.norm(float('inf'), 0, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(8)
y = x.norm(2, -1)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(1159) * 10
y = torch.linalg.norm(x, 1.5, dim=-1)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=1.5, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(426) * 0.01)[::2]
y = torch.linalg.vector_norm(x, ord=-1)
print(y.shape, y.tolist())
x = (torch.rand(6384) * 0.01)[::3]
y = torch.linalg.norm(x, 2, dim=-1)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), dim=0)
print(y.shape, y.tolist())
y = torch.norm(x)
print(y.shape, y.tolist())
x = (torch.rand(195))[::3]
x = x[:65]
y = x.norm(2, [0])
print(y.shape, y.tolist())
y = x.norm(float('-inf'), 0, keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, -1, dim=0, keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(74, 63) * 10)[:74, :]
x = x[:74, :]
y = x.norm(2, (1,))
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
x = torch.randn(3, 3, 7, 5) * 10
y = x.norm(p='fro', dim=[2, 3])
print(y.shape, y.tolist())
y = x.norm(3)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, -1, dim=3)
print(y.shape, y.tolist())
