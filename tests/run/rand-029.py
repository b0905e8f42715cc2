import torch
torch.manual_seed(845)
t = torch.rand(3, 2)
x = -3.9079
y = 1.235
n = 1
xs = [2.58, 0.61, 2.69, 2.07, -2.35]
print(f"{t.numel():#x}|{max(n, 3)!r}")
print(f"{t.max():^9.3g}")
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
print("big" if x > 0.10 else "small", isinstance(n, float), type(x))
print([(i, j) for i in range(2) for j in range(i)])
print(f"{n=} {x=:.3f} {xs[0]:>8}", [f"{v:.1f}" for v in xs])
print(f"{t.numel():+d}|{abs(-n)!r}")
