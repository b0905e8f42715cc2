import torch
torch.manual_seed(132)
torch.set_num_threads(5)
print(torch.get_num_threads())
w = torch.randn(91773)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(100085)
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
torch.set_num_threads(4)
x = (torch.randn(65522))[::2]
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
y = x.abs() ** 2
print(y.double().sum().item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
