import torch
torch.manual_seed(817)
x = torch.rand(2, 3, 4).double() * 4 - 2
y = x.clone()
y[0] = torch.tensor(0.1)
y[..., -1] = torch.arange(6, dtype=torch.float64).reshape(2, 3)
print((y).tolist())
x = (torch.randn(6) * 10).to(torch.float64)
y = x.clone()
y[y < 0] = 1e-300
print((y).tolist())
x = torch.rand(17).double() * 4 - 2
print(x.norm())
print((x.norm()).tolist())
x = torch.randn(4, 7, dtype=torch.float64)
print(torch.norm(x))
print((torch.norm(x)).tolist())
