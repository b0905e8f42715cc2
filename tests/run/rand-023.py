import torch
torch.manual_seed(279)
t = torch.rand(3, 5)
x = -2.89
y = 1.456
n = 4
xs = [0.92, 1.19, -0.14, 2.47, 1.95]
print(f"label {t.shape} {t}")
print(f"{n=} {x=:.3f} {xs[2]:>8}", [f"{v:.1f}" for v in xs])
print(f"{n=} {x=:.3f} {xs[0]:>8}", [f"{v:.1f}" for v in xs])
print(list(range(1, 5, 1)), len(range(7)), range(6))
print([k * 2 for k in range(0)])
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(3))])
