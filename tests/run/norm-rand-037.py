import torch
torch.manual_seed(86)
x = (torch.randn(63, 3) * 10)[:62, :]
x = x[:62, :]
y = torch.linalg.vector_norm(x, ord=2.0)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=3, keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=float('-inf'))
print(y.shape, y.tolist())
x = (torch.randn(16) * 10)[::2]
x = x[:8]
y = torch.linalg.vector_norm(x, 0, -1, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(5, 5) * 1000).permute(1, 0)
y = torch.linalg.vector_norm(x, ord=1)
print(y.shape, y.tolist())
x = torch.rand(4478)
y = x.norm(1.5, 0)
print(y.shape, y.tolist())
x = (torch.randn(104) * 10)[::2]
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
y = x.norm(2, (-1,), keepdim=False)
print(y.shape, y.tolist())
