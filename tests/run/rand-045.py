import torch
torch.manual_seed(687)
t = torch.rand(2, 5)
x = 2.3
y = -1.382
n = 4
xs = [-0.56, 2.95, 1.66]
print(f"{n=} {x=:.3f} {xs[0]:>8}", [f"{v:.1f}" for v in xs])
print(torch.where(t > 0.68, t, -1))
print(f"{abs(-n):+d}|{len([k for k in range(n) if k % 2])!r}")
print(list(range(2, 8, 1)), len(range(3)), range(2))
print(torch.where(t > 0.36, t, -1))
print(torch.where(t > 0.88, t, torch.zeros(1)))
