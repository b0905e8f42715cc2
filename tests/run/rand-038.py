import torch
torch.manual_seed(403)
t = torch.rand(3, 4)
x = -1.0
y = -1.076
n = 2
xs = [-1.17, -2.13, -1.18, 0.08, -1.52]
print("Sum:", t.max(), "n=" + str(round(y * 7)) + "!" + repr(n))
print(f"{t[0]}", f"{t.sum(dim=0)}")
print("big" if sum(v for v in xs) > 0.30 else "small", isinstance(t.shape, float), type(t))
print(sum(v for v in xs), tuple(v > 0 for v in xs))
print("Sum:", sum(v for v in xs), "n=" + str(max(n, 3)) + "!" + repr("s"))
print([(i, j) for i in range(3) for j in range(i)])
print([(k, k % 3) for k in range(1)])
print("Sum:", sum(v for v in xs), "n=" + str(len(xs)) + "!" + repr(n))
