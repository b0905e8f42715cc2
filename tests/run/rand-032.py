import torch
torch.manual_seed(280)
t = torch.rand(3, 5)
x = -4.831
y = 1.339
n = 2
xs = [-1.04, 2.57, -2.34]
print([(i, j) for i in range(2) for j in range(i) if i != j + 1])
print(list(range(2, 5, 3)), len(range(7)), range(4))
print(torch.stack([r * x for r in t]))
print(f"{n=} {x=:.3f} {xs[2]:>8}", [f"{v:.1f}" for v in xs])
