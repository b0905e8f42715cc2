import torch
torch.manual_seed(239)
t = torch.rand(2, 2)
x = 1.5357
y = -0.974
n = 4
xs = [0.45, 0.28, -2.63]
print(f"label {t.shape} {t}")
print([k * k - n for k in range(0) if k % 2 == 0])
print(f"{sum(range(n)):+d}|{len(xs)!r}")
print(f"{n=} {x=:.3f} {xs[2]:>8}", [f"{v:.1f}" for v in xs])
print(list(range(-2, 9, 2)), len(range(4)), range(1))
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(2))])
print([(i, j) for i in range(4) for j in range(i) if i != j + 1])
print(torch.stack([r * x for r in t]))
