import torch
torch.manual_seed(750)
x = torch.rand(4, 5).double() * 4 - 2
y = x.clone()
print((x[x > -1]).tolist())
print(y)
print((y).tolist())
x = (torch.randn(3, 5) * 10).to(torch.float64)
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
x = torch.randn(6, dtype=torch.float64)
y = x.clone()
z = torch.zeros(6)
z[0] = x[0]
print(z)
print((z).tolist())
print((y).tolist())
x = (torch.randn(2, 3, 9) * 10).to(torch.float64)
print(torch.linalg.norm(x))
print((torch.linalg.norm(x)).tolist())
x = torch.rand(3, 5).double() * 4 - 2
print((torch.linalg.matrix_norm(x, float('inf'))).tolist())
