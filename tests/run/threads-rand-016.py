import torch
torch.manual_seed(929)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(70079)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.rand(131, 1002) * 0.001)[..., :1000]
x = x.double()
print(torch.linalg.vector_norm(x, 0).item())
y = x ** 1.7
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.sum(1)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
x = torch.randn(32768) * 10
x = x.double()
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
print(torch.linalg.vector_norm(x, 2).item())
y = x ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
torch.set_num_threads(8)
x = (torch.randn(473844))[::2].reshape(2, 16923, 7)
x = x.double()
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
print(x.norm(float('inf'), dim=1).double().sum().item())
torch.set_num_threads(8)
