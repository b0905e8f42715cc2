import torch
torch.manual_seed(863)
t = torch.rand(4, 5)
x = -3.929
y = -1.55
n = 3
xs = [-2.88, 2.61, 2.39]
print(t[:, :1].expand(-1, 1), torch.ones(3).expand(2, -1))
print(sum(v * v for v in xs if v < 1), tuple(v > 0 for v in xs))
print("big" if x * y > 0.49 else "small", isinstance(x, (int, float)), type(xs))
print([(i, j) for i in range(4) for j in range(i)])
print(list(range(0, 4, 3)), len(range(7)), range(3))
