import torch
torch.manual_seed(731)
x = torch.randn(100, dtype=torch.float64)
print(torch.norm(x))
print((torch.norm(x)).tolist())
x = (torch.randn(4, 5) * 10).to(torch.float64)
y = x.clone()
z = torch.zeros(4, 5)
z[0] = x[0]
print((z).tolist())
print(y)
print((y).tolist())
x = (torch.randn(2, 3, 4) * 10).to(torch.float64)
y = x.clone()
print(x[x > -1])
print((x[x > -1]).tolist())
print(y)
print((y).tolist())
x = torch.rand(4, 5).double() * 4 - 2
y = x.clone()
print((torch.einsum('ij,kj->ik', x, x)).tolist())
print(y)
print((y).tolist())
x = torch.rand(2, 3, 4).double() * 4 - 2
y = x.clone()
z = torch.zeros(2, 3, 4)
z[0] = x[0]
print((z).tolist())
print((y).tolist())
