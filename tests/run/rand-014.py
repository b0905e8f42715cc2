import torch
torch.manual_seed(847)
t = torch.rand(4, 2)
x = 2.554
y = 0.157
n = 2
xs = [2.2, 1.64, 1.36]
print(f"label {t.shape} {t}")
print("big" if sum(v for v in xs) > 0.92 else "small", isinstance(t.shape, tuple), type(xs))
print(t[:, :1].expand(-1, 3), torch.ones(2).expand(2, -1))
print("Sum:", abs(y), "n=" + str(n) + "!" + repr(n))
print(list(range(1, 3, 2)), len(range(3)), range(2))
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(4))])
print(f"{t[0]}", f"{t.sum(dim=0)}")
print("Sum:", t[0, 0], "n=" + str(len([k for k in range(n) if k % 2])) + "!" + repr(xs))
