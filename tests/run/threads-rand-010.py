import torch
torch.manual_seed(545)
torch.set_num_threads(8)
print(torch.get_num_threads())
w = torch.randn(97093)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.rand(32769) + 3
x = x.double()
print(x.norm(float('inf'), dim=0).double().sum().item())
print(x.sum().item(), x.mean().item())
x = torch.randn(32773) * 10
print(x.sum().item(), x.mean().item())
print(torch.linalg.vector_norm(x, 0.5).item())
print(x.norm(0, dim=0).double().sum().item())
