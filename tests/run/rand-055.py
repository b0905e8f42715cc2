import torch
torch.manual_seed(992)
t = torch.rand(3, 2)
x = 0.02385
y = 1.081
n = 4
xs = [-2.77, -0.73, 1.28, -0.22, -0.03]
print(f"{t[1]}", f"{t.sum(dim=1)}")
print("Sum:", x * y, "n=" + str(n) + "!" + repr("s"))
print(torch.where(t > 0.24, t, 0.0))
print("big" if min(xs) > 0.78 else "small", isinstance(x, float), type(n))
print([str(k) + 'a' for k in range(0)])
