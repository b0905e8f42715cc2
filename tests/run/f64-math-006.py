import torch
torch.manual_seed(972)
x = torch.randn(100, dtype=torch.float64)
print((x.norm(0.5)).tolist())
x = (torch.randn(17) * 10).to(torch.float64)
print((x.norm(dim=0)).tolist())
x = torch.rand(3, 3, dtype=torch.float64) * 100
y = torch.randn(3, 3, dtype=torch.float64)
print((2 ** y).tolist())
x = torch.rand(6).double() * 4 - 2
y = x.clone()
y[y < 0] = torch.tensor(2.5, dtype=torch.float64)
print((y).tolist())
x = torch.rand(2, 3, 4).double() * 4 - 2
y = x.clone()
y[0] = torch.tensor(0.1)
y[..., -1] = torch.arange(6, dtype=torch.float64).reshape(2, 3)
print(y)
print((y).tolist())
x = torch.rand(17, 3, dtype=torch.float64) * 3
y = (torch.randn(17, 3) * 10).to(torch.float64)
print((x.t() ** 1.3).tolist())
