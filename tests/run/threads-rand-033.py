import torch
torch.manual_seed(853)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(94734)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(229369) * 0.001
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
y = x.abs() ** 0.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.sum().item(), x.mean().item())
x = (torch.rand(1, 3) * 10).expand(21847, 3)
x = x.double()
print(torch.linalg.vector_norm(x, 0).item())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
