import torch
torch.manual_seed(650)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(79761)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(6950, 37) * 10)[..., :33]
y = (x.abs() + 0.5) ** 0.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = torch.softmax(x * 5, 0)
print(y.double().sum().item(), (y * 1000).sum().item())
x = (torch.randn(262142) * 0.001)[::2]
y = (x.abs() + 0.5) ** 0.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.abs() ** 2
print(y.double().sum().item())
torch.set_num_threads(3)
x = (torch.randn(1, 4099) + 3).expand(7, 4099)
y = torch.sqrt(x.abs())
print(y.double().sum().item())
y = torch.softmax(x * 5, 0)
print(y.double().sum().item(), (y * 1000).sum().item())
print(x.sum(1, keepdim=True).sum().item(), (x * x).sum().item())
torch.set_num_threads(3)
