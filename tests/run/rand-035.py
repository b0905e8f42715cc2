import torch
torch.manual_seed(818)
t = torch.rand(3, 4)
x = 0.30479
y = 1.485
n = 4
xs = [1.02, 1.64, -0.49, 2.63]
print(torch.stack([r * r.sum() for r in t]))
print(t[:, :1].expand(-1, 2), torch.ones(3).expand(2, -1))
print(f"label {t.shape} {t}")
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
