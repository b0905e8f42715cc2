import torch
torch.manual_seed(943)
t = torch.rand(4, 2)
x = -3.932
y = 1.997
n = 2
xs = [2.06, -0.29, -0.81, 1.5]
print([(i, j) for i in range(3) for j in range(i) if i != j + 1])
print(f"{x * y:010.4f}")
print(f"{n=} {x=:.3f} {xs[2]:>8}", [f"{v:.1f}" for v in xs])
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(4))])
print(f"{t[0]}", f"{t.sum(dim=1)}")
print(f"{t[0]}", f"{t.sum(dim=0)}")
print(torch.where(t > 0.88, t, -1))
