import torch
torch.manual_seed(196)
t = torch.rand(3, 3)
x = 0.3148
y = 0.667
n = 5
xs = [1.02, -2.33, -2.7]
print("big" if t[0, 0] > 0.30 else "small", isinstance(t.shape, (int, float)), type(xs))
print([(i, round(v, 1)) for i, v in enumerate(xs, 0)], [a * b for a, b in zip(xs, range(2))])
print(list(range(-3, 5, 2)), len(range(8)), range(5))
print(torch.where(t > 0.33, t, -1))
print([k * 2 for k in range(0)])
print(torch.stack([r * r.sum() for r in t]))
print(f"label {t.shape} {t}")
