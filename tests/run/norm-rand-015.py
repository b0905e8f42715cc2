import torch
torch.manual_seed(436)
x = (torch.rand(6708) * 0.01)[::3]
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 1.5, dim=-1)
print(y.shape, y.tolist())
x = (torch.rand(1710) * 10)[::2]
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.norm(x, p=-1, dim=0, keepdim=False)
print(y.shape, y.tolist())
y = x.norm(2.0, 0)
print(y.shape, y.tolist())
x = torch.randn(62, 3) * 10
y = torch.linalg.vector_norm(x, 2, (-1, -2))
print(y.shape, y.tolist())
y = x.norm(dim=0)
print(y.shape, y.tolist())
x = (torch.randn(17, 115) * 0.01)[:, ::3]
x = x[:, :38]
y = x.norm(dim=(1, 0))
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 1.5, -1)
print(y.shape, y.tolist())
y = x.norm(p='fro', dim=[0, 1], keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(103) * 0.01
y = torch.linalg.vector_norm(x, ord=1.5)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 2, 0, keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 1, (0,), keepdim=True)
print(y.shape, y.tolist())
x = (torch.randn(176, 45) * 0.01)[::3, :]
x = x[:58, :]
y = x.norm(p='fro', dim=[1, 0], keepdim=False)
print(y.shape, y.tolist())
x = (torch.rand(1, 7, 49, 8) * 1000).expand(1, 7, 49, 8)
y = torch.linalg.vector_norm(x, ord=0.5)
print(y.shape, y.tolist())
