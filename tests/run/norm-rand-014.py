import torch
torch.manual_seed(130)
x = (torch.randn(48) * 0.01)[::2]
y = x.norm(float('-inf'), 0)
print(y.shape, y.tolist())
x = (torch.randn(5046) * 10)[::3]
x = x[:1682]
y = torch.linalg.vector_norm(x, ord=3, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(34, 9))[:, :7]
x = x[:, :7]
y = torch.norm(x)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), dim=0, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(3, 13) * 10)[:, ::3]
x = x[:, :4]
y = torch.linalg.vector_norm(x, ord=float('-inf'))
print(y.shape, y.tolist())
x = torch.randn(2745) * 0.01
y = x.norm(0, 0, keepdim=False)
print(y.shape, y.tolist())
y = x.norm(-1, -1)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 3, 0, keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(1, 8, 1, 3)).expand(1, 8, 56, 3)
y = x.norm(2, -4, keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 2.0, dim=1)
print(y.shape, y.tolist())
x = torch.rand(34, 7) * 10
y = x.norm(-1, (0, -1), keepdim=False)
print(y.shape, y.tolist())
y = x.norm(p='fro', dim=[0, 1])
print(y.shape, y.tolist())
y = x.norm(dim=-2)
print(y.shape, y.tolist())
