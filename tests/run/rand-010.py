import torch
torch.manual_seed(763)
t = torch.rand(3, 5)
x = 2.68592
y = 0.2
n = 1
xs = [-1.33, -1.23, -0.33, 0.19, 0.97]
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
print([str(k) + 'a' for k in range(0) if k > n])
print(f"{x * y:.1%}")
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(4))])
print("big" if y > 0.01 else "small", isinstance(x, list), type(t))
print([(i, j) for i in range(1) for j in range(i)])
