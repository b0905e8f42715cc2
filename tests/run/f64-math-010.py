import torch
torch.manual_seed(772)
x = torch.rand(2, 3, dtype=torch.float64) * 100
y = torch.rand(2, 3).double() * 4 - 2
print((2 ** y).tolist())
x = torch.rand(9, 3, dtype=torch.float64) * 100
y = (torch.randn(9, 3) * 10).to(torch.float64)
print(x.t() ** 1.3)
print((x.t() ** 1.3).tolist())
x = torch.randn(6, dtype=torch.float64)
y = x.clone()
z = torch.zeros(6)
z[0] = x[0]
print((z).tolist())
print(y)
print((y).tolist())
x = torch.rand(4, 7).double() * 4 - 2
print(torch.linalg.vector_norm(x, 1, dim=1, keepdim=True))
print((torch.linalg.vector_norm(x, 1, dim=1, keepdim=True)).tolist())
x = torch.rand(4, 5).double() * 4 - 2
y = x.clone()
y[y < 0] = 0.1
print((y).tolist())
x = torch.rand(2, 7, dtype=torch.float64) * 1
y = torch.randn(2, 7, dtype=torch.float64)
print(x ** 1.7)
print((x ** 1.7).tolist())
