import torch
torch.manual_seed(266)
t = torch.rand(2, 4)
x = -2.12
y = -1.637
n = 3
xs = [-2.71, 1.72, 1.19, 2.63]
print(list(range(0, 7, 2)), len(range(1)), range(2))
print(f"{n=} {x=:.3f} {xs[2]:>8}", [f"{v:.1f}" for v in xs])
print(f"{float(n):*>10.2f}")
print(sum(v * v for v in xs if v < 1), tuple(v > 0 for v in xs))
print(t[:, :1].expand(-1, 3), torch.ones(2).expand(2, -1))
