import torch
torch.manual_seed(794)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(82834)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(32768) + 3
print(x.norm(2, dim=0).double().sum().item())
s = torch.randn(1, 18, 1271) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
print(x.sum().item(), x.mean().item())
torch.set_num_threads(2)
x = torch.rand(32, 1000)
x = x.double()
print(x.sum().item(), x.mean().item())
print(x.var().item(), x.std().item(), x.var(unbiased=False).item())
x = (torch.randn(3, 32768) * 10).transpose(0, 1)
print(x.sum().item(), x.mean().item())
y = x.sum(1)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
y = x.abs() ** 2
print(y.double().sum().item())
print(torch.linalg.vector_norm(x, 1).item())
