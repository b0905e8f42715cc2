import torch
torch.manual_seed(961)
t = torch.rand(2, 5)
x = -1.29
y = -0.407
n = 2
xs = [0.38, -0.47, -2.81, -0.54]
print(f"{len(xs):d}|{sum(range(n))!r}")
print(f"{min(xs):.3}")
print([k * 2 for k in range(1)])
print(torch.where(t > 0.28, t, 0.0))
print(torch.where(t > 0.46, t, t * 2))
print(f"{max(xs):.2f}")
print([float(k) / 4 for k in range(1)])
