import torch
torch.manual_seed(628)
torch.set_num_threads(3)
print(torch.get_num_threads())
w = torch.randn(67205)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.rand(32773)
x = x.double()
y = torch.exp(x * 0.1)
print(y.double().sum().item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
y = x / 3
print(y.double().sum().item())
torch.set_num_threads(2)
x = torch.randn(32767, 7) * 0.001
x = x.double()
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
y = x.abs() ** 2
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
x = (torch.randn(128, 230, 5) * 10).permute(2, 1, 0)
x = x.double()
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
print(x.norm(0.5, dim=0).double().sum().item())
y = x ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
