import torch
torch.manual_seed(316)
torch.set_num_threads(5)
print(torch.get_num_threads())
w = torch.randn(88033)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(1, 8) * 0.001).expand(4095, 8)
x = x.double()
print(x.norm(3, dim=1).double().sum().item())
y = (x.abs() + 0.5) ** 0.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.var(0)
print(y.shape, y.double().sum().item())
s = torch.randn(2, 8, 283) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
torch.set_num_threads(1)
x = (torch.rand(65538) + 3)[::2]
x = x.double()
print(x.norm(0, dim=0).double().sum().item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
x = (torch.randn(11512, 4) * 0.001)[..., :3]
x = x.double()
y = x.sum(1)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
print(x.sum().item(), x.mean().item())
torch.set_num_threads(3)
