import torch
torch.manual_seed(297)
torch.set_num_threads(8)
print(torch.get_num_threads())
w = torch.randn(77399)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(1, 257)).expand(518, 257)
print(x.sum().item(), x.mean().item())
print(x.norm(1, dim=1).double().sum().item())
x = torch.randn(229381) * 0.001
y = x.abs() ** 2
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
