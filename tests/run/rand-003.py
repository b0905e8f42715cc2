import torch
torch.manual_seed(957)
t = torch.rand(2, 3)
x = -1.96
y = 0.805
n = 2
xs = [-0.05, -0.3, -0.8, -0.59, -2.9]
print(list(range(-1, 8, 3)), len(range(3)), range(5))
print(t[:, :1].expand(-1, 3), torch.ones(2).expand(2, -1))
print(torch.stack([r * 2 for r in t]))
print(f"{x:<10.2f}")
print(torch.where(t > 0.23, t, -1))
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(4))])
