import torch
torch.manual_seed(60)
torch.set_num_threads(3)
print(torch.get_num_threads())
w = torch.randn(83243)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.rand(434, 229) * 10)[..., :226]
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
y = torch.softmax(x * 5, 0)
print(y.double().sum().item(), (y * 1000).sum().item())
y = (x.abs() + 0.5) ** 2
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.norm(float('-inf'), dim=0).double().sum().item())
x = torch.rand(494, 464)
print(torch.linalg.vector_norm(x, 3).item())
y = (x.abs() + 0.5) ** -1.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
torch.set_num_threads(4)
x = (torch.randn(40, 283, 5)).permute(2, 1, 0)
y = x.sum(1)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
y = x.abs() ** -1.3
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(torch.linalg.vector_norm(x, 0).item())
