import torch
torch.manual_seed(775)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(97313)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(2, 509, 128) + 3
s = torch.randn(2, 28, 2404) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
print(x.norm(0.5, dim=1).double().sum().item())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
y = x.var(2)
print(y.shape, y.double().sum().item())
x = (torch.randn(57386))[::2].reshape(7, 4099)
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
print(x.norm(2, dim=0).double().sum().item())
y = x.abs() ** 1.7
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.var(0)
print(y.shape, y.double().sum().item())
x = (torch.randn(262146))[::2]
print(x.sum().item(), x.mean().item())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
print(x.norm(0.5, dim=0).double().sum().item())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
