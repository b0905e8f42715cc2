import torch
torch.manual_seed(306)
t = torch.rand(4, 3)
x = -0.42
y = -1.932
n = 3
xs = [-1.55, -1.04, -2.02, -1.61, -0.69]
print(sum(v * v for v in xs), tuple(v > 0 for v in xs))
print("Sum:", x, "n=" + str(len(xs)) + "!" + repr(xs))
print(f"{len([k for k in range(n) if k % 2]):<4}|{len([k for k in range(n) if k % 2])!r}")
print(torch.where(t > 0.07, t, torch.zeros(1)))
print("Sum:", t.sum(), "n=" + str(n) + "!" + repr(n))
print("Sum:", abs(y), "n=" + str(t.numel()) + "!" + repr("s"))
