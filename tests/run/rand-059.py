import torch
torch.manual_seed(578)
t = torch.rand(3, 4)
x = 1.564
y = 1.252
n = 4
xs = [-0.4, -0.88, -2.63]
print(sum(abs(v) for v in xs if v < 1), tuple(v > 0 for v in xs))
print(f"{n=} {x=:.3f} {xs[2]:>8}", [f"{v:.1f}" for v in xs])
print(torch.stack([r * x for r in t]))
print(torch.where(t > 0.16, t, torch.zeros(1)))
