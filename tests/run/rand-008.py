import torch
torch.manual_seed(193)
t = torch.rand(2, 3)
x = -2.6
y = 1.759
n = 1
xs = [2.78, -0.68, -1.9]
print(f"label {t.shape} {t}")
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
print(t[:, :1].expand(-1, 1), torch.ones(2).expand(2, -1))
print([(k, k % 3) for k in range(4) if k % 2 == 0])
