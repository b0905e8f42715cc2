import torch
torch.manual_seed(780)
t = torch.rand(3, 5)
x = -4.31
y = 0.7
n = 5
xs = [1.9, 0.28, 2.64, 2.01, 2.16]
print([(i, round(v, 1)) for i, v in enumerate(xs, 0)], [a * b for a, b in zip(xs, range(1))])
print([k * 2 for k in range(3)])
print(sum(v * v for v in xs), tuple(v > 0 for v in xs))
print(f"{round(y * 7):#x}|{abs(-n)!r}")
print(f"{t[0, 0]:+.3f}")
print([float(k) / 4 for k in range(6) if k % 2 == 0])
print(f"{t[0, 0]:g}")
print(f"{n:b}|{abs(-n)!r}")
