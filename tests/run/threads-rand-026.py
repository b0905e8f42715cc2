import torch
torch.manual_seed(628)
torch.set_num_threads(3)
print(torch.get_num_threads())
w = torch.randn(74494)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(196600))[::2].reshape(983, 100)
print(torch.linalg.vector_norm(x, 2).item())
y = x ** -1.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x / 3
print(y.double().sum().item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
x = (torch.randn(21845, 5) + 3)[..., :3]
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
