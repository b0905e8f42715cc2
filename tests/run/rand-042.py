import torch
torch.manual_seed(281)
t = torch.rand(4, 2)
x = -4.44
y = 1.227
n = 4
xs = [0.19, 2.77, 0.36, 1.98]
print(torch.stack([r * x for r in t]))
print(f"{n=} {x=:.3f} {xs[0]:>8}", [f"{v:.1f}" for v in xs])
print(f"{sum(range(n)):03d}|{t.numel()!r}")
print([(i, j) for i in range(2) for j in range(i)])
print("Sum:", round(x, 2), "n=" + str(t.shape[1]) + "!" + repr(n))
print([(i, j) for i in range(2) for j in range(i) if i != j + 1])
