import torch
torch.manual_seed(342)
x = (torch.randn(1, 2, 1, 2) * 0.01).expand(1, 2, 1, 2)
y = torch.linalg.vector_norm(x, ord=1)
print(y.shape, y.tolist())
x = (torch.randn(6, 76, 5) * 1000).permute(0, 1, 2)
y = torch.linalg.norm(x, float('-inf'), dim=0, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(4, 5) * 0.01).permute(0, 1)
y = torch.norm(x)
print(y.shape, y.tolist())
y = x.norm(0.5)
print(y.shape, y.tolist())
y = torch.norm(x)
print(y.shape, y.tolist())
x = torch.randn(2704) * 1000
y = x.norm(-1, 0, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(1532) * 10)[::2]
x = x[:766]
y = x.norm(-1, 0, keepdim=True)
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.rand(8820) * 10)[::3]
x = x[:2940]
y = torch.linalg.vector_norm(x, 0.5, -1, keepdim=True)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 1.5, dim=0)
print(y.shape, y.tolist())
x = (torch.randn(6426))[::2]
x = x[:3213]
y = torch.linalg.norm(x, 0.5, dim=-1, keepdim=False)
print(y.shape, y.tolist())
