import torch
torch.manual_seed(8)
torch.set_num_threads(8)
print(torch.get_num_threads())
w = torch.randn(94414)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.rand(131065)
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
print(x.norm(float('inf'), dim=0).double().sum().item())
x = (torch.rand(130816) * 0.001)[::2].reshape(2, 73, 448)
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
s = torch.randn(3, 17, 1298) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
torch.set_num_threads(1)
