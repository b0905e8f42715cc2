import torch
torch.manual_seed(807)
t = torch.rand(4, 4)
x = -4.43
y = -0.931
n = 5
xs = [-0.55, -0.87, 2.07, -2.82, 1.25]
print("Sum:", x * y, "n=" + str(abs(-n)) + "!" + repr("s"))
print([(i, round(v, 1)) for i, v in enumerate(xs, 0)], [a * b for a, b in zip(xs, range(2))])
print("big" if min(xs) > 0.93 else "small", isinstance(xs, list), type(xs))
print(f"{t.max():010.4f}")
print(f"{t[1]}", f"{t.sum(dim=0)}")
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
print([(k, k % 3) for k in range(6) if k > n])
print(f"{int(x * 10):>6}|{abs(-n)!r}")
