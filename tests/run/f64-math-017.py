import torch
torch.manual_seed(906)
x = torch.rand(9, 3, dtype=torch.float64) * 1e-3
y = torch.randn(9, 3, dtype=torch.float64)
print(torch.pow(x, y))
print((torch.pow(x, y)).tolist())
x = torch.rand(6).double() * 4 - 2
y = x.clone()
print(x[x > 0])
print((x[x > 0]).tolist())
print(y)
print((y).tolist())
x = (torch.randn(4, 5) * 10).to(torch.float64)
y = x.clone()
y[y < 0] = 0.1
print((y).tolist())
x = torch.randn(6, dtype=torch.float64)
y = x.clone()
y[0] = 3
y[..., -1] = torch.arange(1, dtype=torch.float64).reshape(1)
print((y).tolist())
x = torch.rand(2, 7, dtype=torch.float64) * 1
y = torch.randn(2, 7, dtype=torch.float64)
print((y ** 3.5).tolist())
x = torch.rand(6).double() * 4 - 2
y = x.clone()
print(torch.allclose(x, x + 1e-7), x.allclose(x * (1 + 1e-6)), torch.allclose(x, x, atol=0.0, rtol=0.0))
print(y)
print((y).tolist())
