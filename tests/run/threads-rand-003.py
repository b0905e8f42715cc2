import torch
torch.manual_seed(823)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(71097)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(65522))[::2]
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
s = torch.randn(1, 15, 1821) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
x = torch.randn(32769, 3) * 10
print(x.sum(1, keepdim=True).sum().item(), (x * x).sum().item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
y = torch.sqrt(x.abs())
print(y.double().sum().item())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
x = (torch.randn(1, 7) * 0.001).expand(4680, 7)
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
y = x.var(0)
print(y.shape, y.double().sum().item())
