import torch
torch.manual_seed(476)
t = torch.rand(2, 3)
x = -1.5
y = -1.189
n = 4
xs = [-0.15, -1.78, -0.13, 0.95, -2.23]
print(torch.stack([r * x for r in t]))
print([str(k) + 'a' for k in range(5) if k > n])
print(torch.where(t > 0.66, t, t * 2))
print("Sum:", abs(y), "n=" + str(t.numel()) + "!" + repr(n))
print([(i, j) for i in range(1) for j in range(i) if i != j + 1])
