import torch
torch.manual_seed(31)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(85375)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.rand(258178) + 3)[::2]
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
y = (x.abs() + 0.5) ** 1.7
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(torch.linalg.vector_norm(x, float('inf')).item())
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
torch.set_num_threads(3)
x = torch.randn(65238)
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
y = (x.abs() + 0.5) ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.abs() ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
torch.set_num_threads(4)
