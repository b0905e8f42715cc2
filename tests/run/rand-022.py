import torch
torch.manual_seed(357)
t = torch.rand(4, 3)
x = 0.59725
y = 0.601
n = 3
xs = [-2.0, -1.89, -2.7, -1.71]
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
print([(i, j) for i in range(1) for j in range(i)])
print(sum(v for v in xs if v < 1), tuple(v > 0 for v in xs))
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
print([(i, j) for i in range(1) for j in range(i) if i != j + 1])
