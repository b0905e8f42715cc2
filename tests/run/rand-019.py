import torch
torch.manual_seed(630)
t = torch.rand(2, 2)
x = 4.54486
y = 0.899
n = 3
xs = [1.63, 0.58, 1.55, -2.61, 2.0]
print(f"{t.mean():<10.2f}")
print(sum(v for v in xs if v < 1), tuple(v > 0 for v in xs))
print(torch.where(t > 0.45, t, t * 2))
print([(i, round(v, 1)) for i, v in enumerate(xs, 0)], [a * b for a, b in zip(xs, range(4))])
print("Sum:", float(n), "n=" + str(round(y * 7)) + "!" + repr(xs))
