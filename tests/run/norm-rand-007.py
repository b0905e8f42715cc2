import torch
torch.manual_seed(564)
x = (torch.randn(26, 32, 2) * 0.01)[:26, :, :]
x = x[:26, :, :]
y = x.norm(0.5, -2)
print(y.shape, y.tolist())
x = (torch.randn(5, 31) * 1000).permute(1, 0)
y = x.norm(dim=-1)
print(y.shape, y.tolist())
y = x.norm(dim=1, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(14256) * 10)[::3]
x = x[:4752]
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.randn(34, 55))[:, ::3]
x = x[:, :18]
y = torch.linalg.vector_norm(x, ord=2, keepdim=False)
print(y.shape, y.tolist())
y = torch.norm(x, 'fro', (0, 1), keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(1, 60) * 10
y = x.norm(3, 1)
print(y.shape, y.tolist())
y = torch.norm(x, p=0, dim=0, keepdim=True)
print(y.shape, y.tolist())
x = (torch.rand(2, 4)).permute(1, 0)
y = torch.linalg.vector_norm(x, 1, 0, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(53) * 10
y = x.norm('fro')
print(y.shape, y.tolist())
y = torch.norm(x, 1.5)
print(y.shape, y.tolist())
