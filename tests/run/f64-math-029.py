import torch
torch.manual_seed(592)
x = (torch.randn(2, 3, 4) * 10).to(torch.float64)
y = x.clone()
print(torch.allclose(x, x + 1e-3), x.allclose(x * (1 + 1e-6)), torch.allclose(x, x, atol=0.0, rtol=0.0))
print(y)
print((y).tolist())
x = (torch.randn(4, 7) * 10).to(torch.float64)
print(torch.norm(x, p='fro', dim=(0, 1)))
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
x = torch.rand(33, dtype=torch.float64) * 100
y = (torch.randn(33) * 10).to(torch.float64)
print((torch.pow(x, y)).tolist())
