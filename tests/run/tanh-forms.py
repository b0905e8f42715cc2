import torch
torch.manual_seed(3)
x = torch.randn(5, 37) * 3
print(torch.tanh(x))
print(x.t().tanh())
print(x[:, ::3].tanh().sum())
print(torch.tanh(torch.tensor([1, 2, -3])), torch.tanh(torch.tensor(0.5)))
y = torch.randn(4, requires_grad=True)
print(y.tanh())
print(torch.tanh(torch.tensor([float('nan'), float('inf'), -float('inf'), 9.0, -0.0, 1e-30])))
