import torch
torch.manual_seed(144)
t = torch.rand(2, 3)
x = 4.693
y = 1.332
n = 1
xs = [-2.44, -2.03, -0.29, -1.58, -0.84]
print([(i, j) for i in range(4) for j in range(i) if i != j + 1])
print(sum(v for v in xs if v < 1), tuple(v > 0 for v in xs))
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(4))])
print("Sum:", sum(v for v in xs), "n=" + str(len(xs)) + "!" + repr(n))
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(1))])
print(torch.stack([r * r.sum() for r in t]))
print(f"{n=} {x=:.3f} {xs[2]:>8}", [f"{v:.1f}" for v in xs])
