import torch
torch.manual_seed(976)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(95573)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(3, 43690) * 0.001).transpose(0, 1)
y = x ** 1.7
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
s = torch.randn(2, 15, 1797) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
x = torch.rand(229377) * 0.001
x = x.double()
y = x.var(0)
print(y.shape, y.double().sum().item())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
print(x.norm(3, dim=0).double().sum().item())
x = torch.rand(98305) * 0.001
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
y = x.abs() ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
torch.set_num_threads(4)
