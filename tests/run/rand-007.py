import torch
torch.manual_seed(53)
t = torch.rand(2, 4)
x = -4.818
y = 0.597
n = 5
xs = [-2.04, 1.35, 0.45]
print([(i, j) for i in range(4) for j in range(i) if i != j + 1])
print(torch.where(t > 0.99, t, torch.zeros(1)))
print(sum(v * v for v in xs), tuple(v > 0 for v in xs))
print(torch.stack([r * x for r in t]))
