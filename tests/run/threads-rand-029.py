import torch
torch.manual_seed(924)
torch.set_num_threads(5)
print(torch.get_num_threads())
w = torch.randn(81043)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(12287, 9))[..., :8]
print(x.sum().item(), x.mean().item())
y = x ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
torch.set_num_threads(5)
x = torch.randn(131077) + 3
x = x.double()
print(x.norm(1, dim=0).double().sum().item())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
torch.set_num_threads(8)
