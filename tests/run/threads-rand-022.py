import torch
torch.manual_seed(421)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(97036)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.rand(196608) + 3)[::2]
y = torch.sqrt(x.abs())
print(y.double().sum().item())
print(torch.linalg.vector_norm(x, float('inf')).item())
y = torch.sqrt(x.abs())
print(y.double().sum().item())
y = x.sum(0)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
x = (torch.rand(1, 7)).expand(32767, 7)
print(torch.linalg.vector_norm(x, 0).item())
y = (x.abs() + 0.5) ** 3.5
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
torch.set_num_threads(8)
x = (torch.rand(65534) * 10)[::2]
y = (x.abs() + 0.5) ** 2
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
s = torch.randn(1, 11, 153) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
s = torch.randn(3, 18, 3356) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
torch.set_num_threads(4)
