import torch
torch.manual_seed(287)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(91053)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.rand(3971, 37) * 10)[..., :33]
y = torch.exp(x * 0.1)
print(y.double().sum().item())
s = torch.randn(1, 35, 3347) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
print(x.sum().item(), x.mean().item())
x = (torch.randn(1, 100)).expand(655, 100)
x = x.double()
s = torch.randn(3, 25, 1394) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
s = torch.randn(3, 15, 2891) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
y = x.abs() ** 2
print(y.double().sum().item())
