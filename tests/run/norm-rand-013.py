import torch
torch.manual_seed(251)
x = torch.rand(3217)
y = x.norm(p=2)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, float('inf'), dim=0)
print(y.shape, y.tolist())
x = torch.rand(4433) * 1000
y = torch.linalg.vector_norm(x, ord=1)
print(y.shape, y.tolist())
y = x.norm(dim=-1, keepdim=False)
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.rand(10))[::2]
x = x[:5]
y = torch.linalg.vector_norm(x, 2, -1)
print(y.shape, y.tolist())
y = x.norm(3)
print(y.shape, y.tolist())
x = (torch.rand(1, 46) * 10).expand(1, 46)
y = x.norm(p='fro', dim=[1, 0])
print(y.shape, y.tolist())
y = x.norm(float('inf'), 1)
print(y.shape, y.tolist())
y = x.norm(2.0, 1, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(171, 1) * 1000)[::3, :]
x = x[:57, :]
y = torch.linalg.norm(x, 0, dim=-1, keepdim=True)
print(y.shape, y.tolist())
x = torch.randn(1800) * 0.01
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.randn(4335) * 10)[::3]
x = x[:1445]
y = x.norm(2)
print(y.shape, y.tolist())
x = (torch.randn(7995))[::3]
y = x.norm(p=-1)
print(y.shape, y.tolist())
