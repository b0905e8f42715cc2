import torch
torch.manual_seed(173)
t = torch.rand(2, 5)
x = 3.74
y = -1.157
n = 1
xs = [1.81, -1.54, 0.71]
print([(i, j) for i in range(4) for j in range(i) if i != j + 1])
print(torch.where(t > 0.80, t, t * 2))
print([k * k - n for k in range(0) if k % 2 == 0])
print(torch.stack([r * r.sum() for r in t]))
print(f"{sum(v for v in xs):e}")
print(f"{max(n, 3):+d}|{max(n, 3)!r}")
