import torch
torch.manual_seed(4)
t = torch.rand(4, 4)
x = 2.3064
y = -0.877
n = 4
xs = [-1.25, 1.47, -0.01]
print(list(range(2, 11, 3)), len(range(4)), range(4))
print([(i, round(v, 1)) for i, v in enumerate(xs, 1)], [a * b for a, b in zip(xs, range(3))])
print(list(range(1, 3, 1)), len(range(6)), range(7))
print("Sum:", t.sum(), "n=" + str(int(x * 10)) + "!" + repr("s"))
print(f"{t[1]}", f"{t.sum(dim=1)}")
