import torch
torch.manual_seed(387)
t = torch.rand(2, 2)
x = 3.16
y = 1.032
n = 3
xs = [-0.22, -2.47, -0.84, -0.14, -0.68]
print([k * k - n for k in range(3) if k % 2 == 0])
print(sum(v for v in xs if v < 1), tuple(v > 0 for v in xs))
print("Sum:", t.max(), "n=" + str(t.shape[1]) + "!" + repr(xs))
print([(i, j) for i in range(2) for j in range(i)])
print([(i, j) for i in range(3) for j in range(i)])
print(torch.stack([r * r.sum() for r in t]))
print("big" if y > 0.80 else "small", isinstance(t, tuple), type(xs))
print("big" if sum(v for v in xs) > 0.39 else "small", isinstance(t.shape, tuple), type(xs))
