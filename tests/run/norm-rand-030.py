import torch
torch.manual_seed(845)
x = (torch.rand(1, 2, 3, 5)).expand(45, 2, 3, 5)
y = torch.norm(x)
print(y.shape, y.tolist())
y = torch.linalg.norm(x)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x, float('-inf'), (-4,))
print(y.shape, y.tolist())
x = (torch.randn(448))[::2]
y = torch.linalg.vector_norm(x, ord=0)
print(y.shape, y.tolist())
y = torch.linalg.norm(x, 3, dim=0, keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(8) * 1000
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
x = (torch.randn(9060) * 10)[::2]
x = x[:4530]
y = x.norm(1.5, 0)
print(y.shape, y.tolist())
y = x.norm(1.5, [0], keepdim=False)
print(y.shape, y.tolist())
x = torch.randn(7, 4) * 0.01
y = torch.linalg.norm(x, 2, dim=0, keepdim=False)
print(y.shape, y.tolist())
y = torch.linalg.vector_norm(x)
print(y.shape, y.tolist())
