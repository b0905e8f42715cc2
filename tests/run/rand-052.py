import torch
torch.manual_seed(917)
t = torch.rand(2, 4)
x = 4.261
y = 1.566
n = 1
xs = [-0.54, 1.5, -2.44, 0.01]
print("big" if abs(y) > 0.97 else "small", isinstance(t, torch.Tensor), type(t))
print(torch.stack([r * x for r in t]))
print([(i, j) for i in range(2) for j in range(i) if i != j + 1])
print(t[:, :1].expand(-1, 1), torch.ones(1).expand(2, -1))
print("big" if max(xs) > 0.96 else "small", isinstance(n, tuple), type(t))
