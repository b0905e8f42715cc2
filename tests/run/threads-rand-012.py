import torch
torch.manual_seed(236)
torch.set_num_threads(8)
print(torch.get_num_threads())
w = torch.randn(85326)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(65536) * 10
y = x.abs() ** 0.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
y = x.var(0)
print(y.shape, y.double().sum().item())
x = (torch.rand(131072) * 10)[::2]
x = x.double()
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
print(x.sum().item(), x.mean().item())
y = x ** 0.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
x = (torch.randn(21, 1519) + 3)[..., :1515]
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
print(x.norm(2, dim=1).double().sum().item())
y = torch.exp(x * 0.1)
print(y.double().sum().item())
