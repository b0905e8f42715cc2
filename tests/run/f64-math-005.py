import torch
torch.manual_seed(429)
x = torch.rand(3, 5).double() * 4 - 2
print(torch.linalg.norm(x, 1))
print((torch.linalg.norm(x, 1)).tolist())
x = torch.rand(9, dtype=torch.float64) * 100
y = torch.rand(9).double() * 4 - 2
print(torch.pow(x, 1.5))
print((torch.pow(x, 1.5)).tolist())
x = torch.rand(33, 3, dtype=torch.float64) * 1e-3
y = (torch.randn(33, 3) * 10).to(torch.float64)
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
x = (torch.randn(4, 5) * 10).to(torch.float64)
y = x.clone()
y[y < 0] = -7
print((y).tolist())
x = torch.randn(6, dtype=torch.float64)
y = x.clone()
print(x[x > 0.5])
print((x[x > 0.5]).tolist())
print((y).tolist())
