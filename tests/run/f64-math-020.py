import torch
torch.manual_seed(812)
x = torch.rand(2, 15, dtype=torch.float64) * 1
y = torch.rand(2, 15).double() * 4 - 2
print(x ** y)
print((x ** y).tolist())
x = torch.rand(4, 7).double() * 4 - 2
print((torch.linalg.norm(x)).tolist())
x = torch.randn(5, dtype=torch.float64)
print(torch.norm(x))
print((torch.norm(x)).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print(torch.linalg.vector_norm(x, 1.5, dim=1, keepdim=True))
print((torch.linalg.vector_norm(x, 1.5, dim=1, keepdim=True)).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print((torch.linalg.norm(x, 'fro')).tolist())
x = torch.rand(8, dtype=torch.float64) * 1
y = torch.rand(8).double() * 4 - 2
print(y ** 4)
print((y ** 4).tolist())
