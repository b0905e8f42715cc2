import torch
torch.manual_seed(945)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(84903)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(1, 7) * 0.001).expand(4681, 7)
y = x.sum(1)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
y = x.var(1)
print(y.shape, y.double().sum().item())
x = (torch.rand(298354))[::2]
x = x.double()
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
torch.set_num_threads(2)
x = (torch.randn(458754) * 0.001)[::2]
print(x.sum().item(), x.mean().item())
y = x ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = (x.abs() + 0.5) ** 0.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.norm(0, dim=0).double().sum().item())
