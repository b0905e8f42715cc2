import torch
torch.manual_seed(874)
t = torch.rand(3, 5)
x = -1.4
y = 1.126
n = 1
xs = [2.71, -0.3, 1.59]
print(f"label {t.shape} {t}")
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(1))])
print(f"{y:<10.2f}")
print("big" if x * y > 0.37 else "small", isinstance(t, torch.Tensor), type(x))
print(t[:, :1].expand(-1, 2), torch.ones(1).expand(2, -1))
print("Sum:", abs(y), "n=" + str(round(y * 7)) + "!" + repr(n))
