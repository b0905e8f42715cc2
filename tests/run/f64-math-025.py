import torch
torch.manual_seed(542)
x = torch.rand(2, 16, dtype=torch.float64) * 1
y = torch.randn(2, 16, dtype=torch.float64)
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
x = torch.rand(33, dtype=torch.float64) * 100
y = (torch.randn(33) * 10).to(torch.float64)
print((torch.pow(x, y)).tolist())
x = torch.randn(5, dtype=torch.float64)
print(x.norm())
print((x.norm()).tolist())
x = torch.rand(2, 33, dtype=torch.float64) * 1e-3
y = (torch.randn(2, 33) * 10).to(torch.float64)
print((y ** 4).tolist())
