import torch
torch.manual_seed(267)
t = torch.rand(3, 5)
x = 0.0615
y = 0.039
n = 3
xs = [-2.66, 0.38, 1.0]
print(sum(v for v in xs), tuple(v > 0 for v in xs))
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(3))])
print(t[:, :1].expand(-1, 3), torch.ones(1).expand(2, -1))
print("big" if x > 0.17 else "small", isinstance(xs, list), type(n))
print(torch.where(t > 0.68, t, t * 2))
print(f"{n=} {x=:.3f} {xs[0]:>8}", [f"{v:.1f}" for v in xs])
print(t[:, :1].expand(-1, 1), torch.ones(1).expand(2, -1))
print([(i, j) for i in range(2) for j in range(i)])
