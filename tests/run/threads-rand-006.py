import torch
torch.manual_seed(620)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(89502)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.rand(65529) * 10
s = torch.randn(3, 26, 3779) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
x = torch.rand(228050)
y = x.var(0)
print(y.shape, y.double().sum().item())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
