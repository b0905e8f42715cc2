import torch
torch.manual_seed(429)
torch.set_num_threads(5)
print(torch.get_num_threads())
w = torch.randn(91842)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(98305) + 3
y = x.var(0)
print(y.shape, y.double().sum().item())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
x = (torch.randn(2, 217, 131) + 3)[..., :128]
y = (x.abs() + 0.5) ** 0.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(torch.linalg.vector_norm(x, float('inf')).item())
print(x.sum(1, keepdim=True).sum().item(), (x * x).sum().item())
y = x.var(1)
print(y.shape, y.double().sum().item())
