import torch
torch.manual_seed(339)
t = torch.rand(3, 2)
x = 4.33
y = -0.272
n = 5
xs = [-2.59, -0.55, -0.33, -2.98]
print(t[:, :1].expand(-1, 2), torch.ones(1).expand(2, -1))
print(torch.where(t > 0.79, t, torch.zeros(1)))
print(f"{t[0]}", f"{t.sum(dim=0)}")
print(f"{n=} {x=:.3f} {xs[2]:>8}", [f"{v:.1f}" for v in xs])
print(sum(v for v in xs if v < 1), tuple(v > 0 for v in xs))
print(f"{len([k for k in range(n) if k % 2]):#x}|{max(n, 3)!r}")
print(t[:, :1].expand(-1, 3), torch.ones(3).expand(2, -1))
print(f"{sum(range(n)):d}|{int(x * 10)!r}")
