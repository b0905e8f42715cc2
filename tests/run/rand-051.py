import torch
torch.manual_seed(79)
t = torch.rand(3, 3)
x = -0.7454
y = -1.576
n = 2
xs = [0.98, -1.85, 1.02, -1.9, -0.99]
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(2))])
print("big" if t[0, 0] > 0.16 else "small", isinstance(x, float), type(t))
print(t[:, :1].expand(-1, 1), torch.ones(1).expand(2, -1))
print(list(range(-2, 8, 2)), len(range(2)), range(2))
