import torch
torch.manual_seed(213)
t = torch.rand(2, 4)
x = -2.2
y = 0.124
n = 3
xs = [-0.81, 0.06, 1.17]
print(list(range(-2, 11, 2)), len(range(2)), range(2))
print("big" if t.sum() > 0.41 else "small", isinstance(t, tuple), type(x))
print(t[:, :1].expand(-1, 1), torch.ones(1).expand(2, -1))
print([float(k) / 4 for k in range(2) if k > n])
