import torch
torch.manual_seed(512)
t = torch.rand(4, 5)
x = 2.0
y = -0.623
n = 2
xs = [-1.14, -0.77, -1.61]
print("Sum:", max(xs), "n=" + str(t.shape[0]) + "!" + repr(n))
print(torch.where(t > 0.67, t, t * 2))
print("big" if t.max() > 0.95 else "small", isinstance(xs, (int, float)), type(t))
print(f"{t[0]}", f"{t.sum(dim=1)}")
print([(i, j) for i in range(1) for j in range(i)])
print(f"{t[0]}", f"{t.sum(dim=1)}")
print(torch.where(t > 0.31, t, -1))
