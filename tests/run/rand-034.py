import torch
torch.manual_seed(490)
t = torch.rand(3, 2)
x = -3.6605
y = -0.963
n = 5
xs = [-1.84, -0.97, 2.27]
print([(i, j) for i in range(2) for j in range(i)])
print(torch.stack([r * r.sum() for r in t]))
print(t[:, :1].expand(-1, 1), torch.ones(1).expand(2, -1))
print(torch.where(t > 0.55, t, 0.0))
print(f"{n=} {x=:.3f} {xs[0]:>8}", [f"{v:.1f}" for v in xs])
print("big" if t.max() > 0.67 else "small", isinstance(x, torch.Tensor), type(t))
print(f"{abs(y):*>10.2f}")
print([(i, j) for i in range(2) for j in range(i)])
