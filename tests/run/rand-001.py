import torch
torch.manual_seed(180)
t = torch.rand(4, 3)
x = -0.9
y = -0.866
n = 3
xs = [-0.23, -2.22, -0.35, -0.89, -0.7]
print(f"label {t.shape} {t}")
print(f"{t.sum():e}")
print(f"{round(y * 7):03d}|{round(y * 7)!r}")
print(t[:, :1].expand(-1, 1), torch.ones(3).expand(2, -1))
print(f"{n=} {x=:.3f} {xs[0]:>8}", [f"{v:.1f}" for v in xs])
print([(i, j) for i in range(1) for j in range(i)])
