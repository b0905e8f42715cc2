import torch
torch.manual_seed(853)
x = torch.rand(1) * 0.01
y = torch.linalg.vector_norm(x, float('-inf'), 0, keepdim=False)
print(y.shape, y.tolist())
y = x.norm(dim=-1, keepdim=True)
print(y.shape, y.tolist())
y = torch.norm(x, p=0, dim=-1, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(1545) * 10
y = torch.norm(x, p=2, dim=0, keepdim=False)
print(y.shape, y.tolist())
x = (torch.rand(3, 5, 3, 71) * 1000).transpose(0, 2)
y = torch.linalg.vector_norm(x, float('inf'), [-2, 1, -4], keepdim=False)
print(y.shape, y.tolist())
x = (torch.rand(1, 3) * 0.01).expand(5, 3)
y = torch.norm(x, p=float('-inf'), dim=0)
print(y.shape, y.tolist())
y = x.norm(p=float('-inf'))
print(y.shape, y.tolist())
x = (torch.randn(340) * 0.01)[::2]
y = torch.norm(x, p=1.5, dim=-1)
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 1.5, (0,))
print(y.shape, y.tolist())
x = torch.randn(3113) * 0.01
y = x.norm(2, -1)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 0, (0,))
print(y.shape, y.tolist())
y = torch.norm(x, p=1, dim=0)
print(y.shape, y.tolist())
x = torch.randn(5) * 10
y = torch.linalg.vector_norm(x, ord=2, keepdim=True)
print(y.shape, y.tolist())
x = torch.rand(618) * 0.01
y = torch.linalg.vector_norm(x, 2, (0,))
print(y.shape, y.tolist())
y = x.norm(3, 0, keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 2, (-1,))
print(y.shape, y.tolist())
x = (torch.randn(51, 1))[::2, :]
x = x[:25, :]
y = torch.linalg.norm(x, float('-inf'), dim=-2, keepdim=False)
print(y.shape, y.tolist())
