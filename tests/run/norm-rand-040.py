import torch
torch.manual_seed(330)
x = (torch.randn(7, 8, 2, 4) * 10).transpose(0, 1)
y = torch.linalg.vector_norm(x, ord=0.5, keepdim=False)
print(y.shape, y.tolist())
x = (torch.rand(8))[::2]
x = x[:4]
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
y = torch.norm(x)
print(y.shape, y.tolist())
y = x.norm(1.5, -1, keepdim=False)
print(y.shape, y.tolist())
x = (torch.randn(4612) * 0.01)[::2]
x = x[:2306]
y = x.norm(dim=0)
print(y.shape, y.tolist())
x = (torch.rand(7914) * 1000)[::3]
x = x[:2638]
y = x.norm('fro')
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
y = x.norm('fro')
print(y.shape, y.tolist())
x = (torch.randn(1152) * 0.01)[::2]
y = x.norm('fro')
print(y.shape, y.tolist())
