import torch
torch.manual_seed(129)
torch.set_num_threads(5)
print(torch.get_num_threads())
w = torch.randn(91974)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(32768) * 0.001
y = x.var(0)
print(y.shape, y.double().sum().item())
y = x.var(0)
print(y.shape, y.double().sum().item())
print(x.sum().item(), x.mean().item())
print(x.norm(0, dim=0).double().sum().item())
x = (torch.randn(3971, 37) + 3)[..., :33]
y = x.abs() ** -1.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.sum().item(), x.mean().item())
print(x.sum().item(), x.mean().item())
y = torch.softmax(x * 5, 0)
print(y.double().sum().item(), (y * 1000).sum().item())
x = torch.randn(32768) * 10
x = x.double()
y = x.abs() ** 1.7
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.sum().item(), x.mean().item())
