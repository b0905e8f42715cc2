import torch
torch.manual_seed(323)
x = torch.rand(4, 5).double() * 4 - 2
y = x.clone()
print(torch.allclose(x, x + 1e-3), x.allclose(x * (1 + 1e-6)), torch.allclose(x, x, atol=0.0, rtol=0.0))
print((y).tolist())
x = torch.randn(6, 6, dtype=torch.float64)
print((x.norm()).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
x = torch.rand(2, 3, 4).double() * 4 - 2
y = x.clone()
y[0] = torch.tensor(0.1)
y[..., -1] = torch.arange(6, dtype=torch.float64).reshape(2, 3)
print((y).tolist())
