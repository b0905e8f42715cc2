import torch
torch.manual_seed(16)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(78148)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.rand(69632) * 0.001)[::2]
y = x.abs() ** 2
print(y.double().sum().item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
x = torch.randn(98304) + 3
s = torch.randn(1, 5, 3894) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
s = torch.randn(1, 2, 1248) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
y = (x.abs() + 0.5) ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
torch.set_num_threads(8)
x = torch.rand(102828) * 0.001
x = x.double()
y = (x.abs() + 0.5) ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
