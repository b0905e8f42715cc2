import torch
torch.manual_seed(816)
t = torch.rand(3, 2)
x = 2.71
y = -1.368
n = 3
xs = [2.16, 2.45, -0.07]
print([(i, round(v, 1)) for i, v in enumerate(xs, 0)], [a * b for a, b in zip(xs, range(3))])
print(sum(v for v in xs if v < 1), tuple(v > 0 for v in xs))
print(list(range(-3, 9, 1)), len(range(2)), range(6))
print(sum(v for v in xs), tuple(v > 0 for v in xs))
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
