import torch
torch.manual_seed(275)
t = torch.rand(4, 3)
x = -4.3
y = -0.135
n = 2
xs = [2.18, 1.17, 2.55, -1.96]
print(f"{n=} {x=:.3f} {xs[1]:>8}", [f"{v:.1f}" for v in xs])
print("Sum:", x, "n=" + str(t.numel()) + "!" + repr(xs))
print([(k, k % 3) for k in range(1) if k > n])
print([(k, k % 3) for k in range(6)])
print(f"label {t.shape} {t}")
