import torch
torch.manual_seed(356)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(83932)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(3, 1713, 7) + 3
x = x.double()
print(x.sum().item(), x.mean().item())
print(x.sum().item(), x.mean().item())
x = torch.rand(15, 4099) + 3
y = torch.softmax(x * 5, 0)
print(y.double().sum().item(), (y * 1000).sum().item())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
y = x ** -1.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
torch.set_num_threads(3)
x = (torch.randn(3, 229, 342) * 10)[..., :339]
x = x.double()
y = x ** -1.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
