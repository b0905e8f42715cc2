import torch
torch.manual_seed(664)
t = torch.rand(4, 4)
x = -1.70142
y = -0.369
n = 5
xs = [-1.13, -2.05, 0.46, -0.27, 2.38]
print(f"{sum(range(n)):^7}|{abs(-n)!r}")
print(torch.stack([r * x for r in t]))
print([(i, j) for i in range(4) for j in range(i)])
print([k * k - n for k in range(2)])
print(f"label {t.shape} {t}")
print(f"{t.shape[0]:#x}|{t.numel()!r}")
print("big" if t.sum() > 0.76 else "small", isinstance(x, (int, float)), type(t))
