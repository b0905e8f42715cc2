import torch
torch.manual_seed(609)
x = torch.randn(4461) * 0.01
y = torch.linalg.vector_norm(x, 2, [0])
print(y.shape, y.tolist())
x = (torch.randn(29, 3) * 1000).permute(0, 1)
y = x.norm(p='fro', dim=[0, 1])
print(y.shape, y.tolist())
y = x.norm(1.5, 0)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 2.0, dim=-2, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(2, 20))[:, ::3]
x = x[:, :6]
y = torch.linalg.norm(x, 2, dim=-2, keepdim=True)
print(y.shape, y.tolist())
y = torch.norm(x, float('-inf'))
print(y.shape, y.tolist())
x = (torch.rand(5, 68, 5) * 1000)[:3, :, :]
x = x[:3, :, :]
y = x.norm(dim=1, keepdim=True)
print(y.shape, y.tolist())
y = torch.norm(x, 'fro', (2, 0), keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(7, 62))[:5, :]
x = x[:5, :]
y = torch.linalg.vector_norm(x, 3, (1, 0))
print(y.shape, y.tolist())
y = x.norm(2, 0)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, 0, 0)
print(y.shape, y.tolist())
x = (torch.randn(17, 4, 8, 8) * 10)[:, :, :6, :]
x = x[:, :, :6, :]
y = x.norm(2.0, (-1, -4))
print(y.shape, y.tolist())
y = x.norm(1.5, [0, -1])
print(y.shape, y.tolist())
x = (torch.rand(1, 62) * 0.01).expand(58, 62)
y = x.norm(float('-inf'), [0, 1], keepdim=True)
print(y.shape, y.tolist())
y = torch.norm(x)
print(y.shape, y.tolist())
