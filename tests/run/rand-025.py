import torch
torch.manual_seed(36)
t = torch.rand(4, 5)
x = -4.443
y = -0.242
n = 1
xs = [-0.54, 1.2, -2.03]
print([k * k - n for k in range(0)])
print(torch.where(t > 0.54, t, -1))
print(sum(v for v in xs if v < 1), tuple(v > 0 for v in xs))
print(torch.stack([r * r.sum() for r in t]))
