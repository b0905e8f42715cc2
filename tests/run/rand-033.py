import torch
torch.manual_seed(799)
t = torch.rand(2, 4)
x = 4.1
y = 0.905
n = 5
xs = [-0.48, -0.36, 1.34, -2.89, -2.24]
print(f"label {t.shape} {t}")
print(t[:, :1].expand(-1, 1), torch.ones(3).expand(2, -1))
print(f"{max(n, 3):^7}|{t.shape[1]!r}")
print(torch.stack([r * 2 for r in t]))
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(4))])
print(torch.where(t > 0.76, t, torch.zeros(1)))
print(torch.where(t > 0.57, t, 0.0))
print(f"{max(n, 3):+d}|{len([k for k in range(n) if k % 2])!r}")
