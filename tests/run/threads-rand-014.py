import torch
torch.manual_seed(485)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(75245)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(40, 655, 5)).permute(2, 1, 0)
s = torch.randn(1, 32, 1818) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
y = x / 3
print(y.double().sum().item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
torch.set_num_threads(1)
x = torch.randn(3, 597, 128) * 0.001
x = x.double()
print(x.sum().item(), x.mean().item())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
s = torch.randn(2, 15, 3075) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
s = torch.randn(2, 10, 2466) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
x = (torch.randn(128, 254, 2) * 0.001).permute(2, 1, 0)
x = x.double()
print(x.norm(0, dim=1).double().sum().item())
print(x.sum().item(), x.mean().item())
