import torch
torch.manual_seed(610)
t = torch.rand(3, 5)
x = 4.991
y = -0.94
n = 1
xs = [-1.84, 0.26, -2.9, -1.77]
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(3))])
print(list(range(1, 8, 3)), len(range(1)), range(7))
print(sum(v * v for v in xs), tuple(v > 0 for v in xs))
print([float(k) / 4 for k in range(3)])
