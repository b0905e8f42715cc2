import torch
torch.manual_seed(821)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(79242)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.rand(33577) + 3
y = x.abs() ** 0.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
x = (torch.rand(1, 384, 128) * 10).expand(2, 384, 128)
y = x ** 2.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = (x.abs() + 0.5) ** 2.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x / 3
print(y.double().sum().item())
y = x.var(0)
print(y.shape, y.double().sum().item())
x = (torch.randn(1, 257) + 3).expand(127, 257)
x = x.double()
y = x ** 2
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
