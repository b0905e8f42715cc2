import torch
torch.manual_seed(757)
t = torch.rand(4, 5)
x = -4.77
y = 1.638
n = 2
xs = [-2.88, 2.6, 0.97, 2.01, -1.77]
print(t[:, :1].expand(-1, 2), torch.ones(3).expand(2, -1))
print([(i, j) for i in range(4) for j in range(i)])
print("Sum:", max(xs), "n=" + str(max(n, 3)) + "!" + repr("s"))
print([(i, round(v, 1)) for i, v in enumerate(xs, 2)], [a * b for a, b in zip(xs, range(4))])
print("Sum:", t.mean(), "n=" + str(sum(range(n))) + "!" + repr("s"))
