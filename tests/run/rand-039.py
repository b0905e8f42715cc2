import torch
torch.manual_seed(305)
t = torch.rand(3, 4)
x = -0.67
y = 1.821
n = 5
xs = [-2.94, -2.74, -1.96]
print([(i, j) for i in range(1) for j in range(i)])
print(torch.where(t > 0.01, t, 0.0))
print("big" if float(n) > 0.85 else "small", isinstance(t.shape, list), type(n))
print(sum(v * v for v in xs if v < 1), tuple(v > 0 for v in xs))
print(f"{x:*>10.2f}")
print([str(k) + 'a' for k in range(2)])
