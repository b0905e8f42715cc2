import torch
torch.manual_seed(106)
torch.set_num_threads(4)
print(torch.get_num_threads())
w = torch.randn(87959)
print(w.sum().item(), (w.abs() ** 1.5).double().sum().item())
x = (torch.randn(2293, 101) * 0.001)[..., :100]
x = x.double()
y = x.abs() ** (x * 0.5)
print(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())
print(torch.linalg.vector_norm(x, 0).item())
s = torch.randn(3, 18, 1667) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
x = torch.randn(65535) * 0.001
x = x.double()
s = torch.randn(3, 31, 916) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
print(torch.linalg.vector_norm(x, 0.5).item())
torch.set_num_threads(4)
x = (torch.randn(65538) + 3)[::2]
print(x.norm(float('-inf'), dim=0).double().sum().item())
s = torch.randn(3, 21, 1737) * 8
y = torch.softmax(s, 0)
print((y * 1000).double().sum().item(), y.double().sum().item())
