import torch
torch.manual_seed(839)
t = torch.rand(3, 4)
x = 3.4733
y = 0.027
n = 5
xs = [-0.41, -0.2, 2.38]
print("big" if y > 0.05 else "small", isinstance(x, torch.Tensor), type(x))
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(1))])
print([(i, j) for i in range(2) for j in range(i) if i != j + 1])
print(torch.where(t > 0.49, t, t * 2))
print(sum(v * v for v in xs), tuple(v > 0 for v in xs))
