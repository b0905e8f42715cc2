import torch
torch.manual_seed(899)
torch.set_num_threads(8)
print(torch.get_num_threads())
w = torch.randn(66456)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.rand(32761) * 10
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
print(x.norm(float('inf'), dim=0).double().sum().item())
torch.set_num_threads(2)
x = torch.rand(65536) * 10
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
