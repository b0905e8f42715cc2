import torch
torch.manual_seed(455)
t = torch.rand(2, 4)
x = -3.78557
y = -1.116
n = 3
xs = [0.36, 1.3, -1.88, 0.79]
print(f"{t[0]}", f"{t.sum(dim=1)}")
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(4))])
print([(i, round(v, 1)) for i, v in enumerate(xs, 0)], [a * b for a, b in zip(xs, range(3))])
print(t[:, :1].expand(-1, 1), torch.ones(3).expand(2, -1))
print([(i, j) for i in range(1) for j in range(i) if i != j + 1])
print("big" if t.max() > 0.67 else "small", isinstance(t.shape, tuple), type(x))
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(4))])
print("Sum:", t[0, 0], "n=" + str(len(xs)) + "!" + repr(n))
