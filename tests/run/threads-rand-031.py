import torch
torch.manual_seed(140)
torch.set_num_threads(8)
print(torch.get_num_threads())
w = torch.randn(91183)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = torch.randn(131077) * 10
print(x.sum().item(), x.mean().item())
y = x.abs() ** 1.7
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
x = torch.rand(65537) * 10
print(x.sum().item(), x.mean().item())
print(x.sum().item(), x.mean().item())
print(x.norm(1, dim=0).double().sum().item())
x = (torch.randn(7, 4681)).transpose(0, 1)
z = x * 0
print(z.max().item(), z.min().item(), x.max().item())
y = torch.softmax(x * 5, 0)
print(y.double().sum().item(), (y * 1000).sum().item())
s = torch.randn(1, 39, 885) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
print(x.sum(1, keepdim=True).sum().item(), (x * x).sum().item())
