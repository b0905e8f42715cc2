import torch
torch.manual_seed(980)
x = torch.rand(6).double() * 4 - 2
y = x.clone()
y[0] = torch.tensor(0.1)
y[..., -1] = torch.arange(1, dtype=torch.float64).reshape(1)
print(y)
print((y).tolist())
x = torch.rand(2, 3, 4).double() * 4 - 2
y = x.clone()
print(x[x > 0.5])
print((x[x > 0.5]).tolist())
print(y)
print((y).tolist())
x = torch.randn(3, 5, dtype=torch.float64)
print(torch.linalg.norm(x, 'fro'))
print((torch.linalg.norm(x, 'fro')).tolist())
