import torch
torch.manual_seed(18)
t = torch.rand(4, 4)
x = 0.05
y = -0.766
n = 3
xs = [-1.79, 2.42, 0.93]
print(torch.where(t > 0.74, t, 0.0))
print(f"{int(x * 10):,}|{max(n, 3)!r}")
print(sum(v for v in xs), tuple(v > 0 for v in xs))
print([(i, j) for i in range(1) for j in range(i) if i != j + 1])
print(torch.stack([r * r.sum() for r in t]))
