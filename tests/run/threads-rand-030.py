import torch
torch.manual_seed(862)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(86921)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.rand(3, 1914, 40) * 0.001
y = (x.abs() + 0.5) ** 2.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
y = torch.softmax(x * 5, 0)
print(y.double().sum().item(), (y * 1000).sum().item())
y = (x.abs() + 0.5) ** 2.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
x = (torch.rand(1, 7)).expand(9361, 7)
print(x.norm(0.5, dim=0).double().sum().item())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
torch.set_num_threads(8)
