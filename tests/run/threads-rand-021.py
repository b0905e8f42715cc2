import torch
torch.manual_seed(787)
torch.set_num_threads(2)
print(torch.get_num_threads())
w = torch.randn(80622)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(6965, 35) * 10)[..., :33]
print(x.norm(float('inf'), dim=1).double().sum().item())
y = x.var(1)
print(y.shape, y.double().sum().item())
x = (torch.randn(457344) + 3)[::2].reshape(144, 1588)
y = x ** 2
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
y = x.sum(1)
print(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())
print(x.sum(1, keepdim=True).sum().item(), (x * x).sum().item())
s = torch.randn(2, 21, 1201) * 8
y = torch.softmax(s, 1)
print((y * 1000).double().sum().item(), y.double().sum().item())
x = (torch.randn(1000, 32) + 3).transpose(0, 1)
x = x.double()
print(torch.linalg.vector_norm(x, 1).item())
y = x ** 1.7
print(y.double().sum().item(), y.reshape(-1)[32765:32771].tolist())
print(x.sum(0, keepdim=True).sum().item(), (x * x).sum().item())
y = x.abs() ** 2
print(y.double().sum().item())
torch.set_num_threads(5)
