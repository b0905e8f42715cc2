import torch
torch.manual_seed(45)
x = torch.randn(2271)
y = torch.linalg.vector_norm(x, ord=3, keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 2, dim=-1)
print(y.shape, y.tolist())
y = x.norm(p=float('-inf'))
print(y.shape, y.tolist())
x = (torch.randn(2, 1, 7)).expand(2, 6, 7)
y = x.norm(2, (2, 0))
print(y.shape, y.tolist())
x = (torch.rand(4, 6, 17))[:, :4, :]
x = x[:, :4, :]
y = x.norm(p='fro', dim=[0, 2], keepdim=False)
print(y.shape, y.tolist())
x = (torch.rand(5481))[::3]
x = x[:1827]
y = torch.linalg.vector_norm(x, ord=2.0, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(7, 3, 2) * 1000
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
