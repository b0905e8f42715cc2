import torch
torch.manual_seed(730)
t = torch.rand(4, 4)
x = 0.92
y = 1.025
n = 2
xs = [1.91, -2.1, -2.22]
print(t[:, :1].expand(-1, 2), torch.ones(3).expand(2, -1))
print(f"{t.numel():d}|{len(xs)!r}")
print(f"{sum(v for v in xs):.1%}")
print(torch.stack([r * r.sum() for r in t]))
print([(i, round(v, 1)) for i, v in enumerate(xs, 0)], [a * b for a, b in zip(xs, range(4))])
print(torch.where(t > 0.38, t, t * 2))
print([(i, round(v, 1)) for i, v in enumerate(xs, 0)], [a * b for a, b in zip(xs, range(4))])
print([(i, j) for i in range(4) for j in range(i) if i != j + 1])
