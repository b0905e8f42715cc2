import torch
torch.manual_seed(160)
x = (torch.randn(4, 15, 32, 7))[:, ::3, :, :]
x = x[:, :5, :, :]
y = torch.linalg.vector_norm(x, ord=float('-inf'), keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, ord=2)
print(y.shape, y.tolist())
y = x.norm(-1, [0, 1, -1])
print(y.shape, y.tolist())
x = torch.randn(8) * 10
y = torch.linalg.vector_norm(x, ord=float('-inf'))
print(y.shape, y.tolist())
x = torch.rand(1534) * 1000
y = torch.linalg.vector_norm(x, float('-inf'), -1, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(1) * 10
y = torch.norm(x)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 2.0, -1, keepdim=True)
print(y.shape, y.tolist())
x = torch.randn(3968) * 0.01
y = x.norm(2.0)
print(y.shape, y.tolist())
x = torch.randn(8)
y = x.norm()
print(y.shape, y.tolist())
x = (torch.rand(3, 3, 2, 53) * 1000).permute(1, 3, 0, 2)
y = torch.norm(x, 2)
print(y.shape, y.tolist())
x = torch.rand(1) * 1000
y = torch.linalg.vector_norm(x, -1, 0)
print(y.shape, y.tolist())
y = torch.norm(x, p=2, dim=0)
print(y.shape, y.tolist())
x = torch.randn(1, 69, 24) * 0.01
y = torch.linalg.vector_norm(x, ord=1.5)
print(y.shape, y.tolist())
y = torch.norm(x, p=1, dim=1, keepdim=False)
print(y.shape, y.tolist())
