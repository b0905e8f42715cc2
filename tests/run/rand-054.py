import torch
torch.manual_seed(797)
t = torch.rand(4, 5)
x = -1.23305
y = 0.7
n = 4
xs = [-1.98, -0.33, 2.53, -0.58]
print(sum(abs(v) for v in xs), tuple(v > 0 for v in xs))
print("big" if float(n) > 0.04 else "small", isinstance(xs, int), type(x))
print(t[:, :1].expand(-1, 2), torch.ones(1).expand(2, -1))
print(t[:, :1].expand(-1, 1), torch.ones(3).expand(2, -1))
print([str(k) + 'a' for k in range(6) if k > n])
print(f"{abs(-n):+d}|{max(n, 3)!r}")
print(f"{x * y:e}")
print(sum(v * v for v in xs if v < 1), tuple(v > 0 for v in xs))
