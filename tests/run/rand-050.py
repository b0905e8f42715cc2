import torch
torch.manual_seed(1)
t = torch.rand(2, 3)
x = -0.32243
y = 1.612
n = 4
xs = [1.35, -1.91, 0.51, -1.61]
print([float(k) / 4 for k in range(6)])
print(torch.stack([r * 2 for r in t]))
print(torch.where(t > 0.03, t, 0.0))
print(sum(v for v in xs), tuple(v > 0 for v in xs))
print(torch.where(t > 0.60, t, -1))
