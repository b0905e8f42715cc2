import torch
torch.manual_seed(925)
t = torch.rand(3, 5)
x = -0.477
y = -0.632
n = 3
xs = [2.23, 2.82, -1.63, -0.67, 1.18]
print([k * 2 for k in range(6) if k % 2 == 0])
print([k * 2 for k in range(2) if k > n])
print(t[:, :1].expand(-1, 2), torch.ones(3).expand(2, -1))
print("big" if x * y > 0.89 else "small", isinstance(t.shape, int), type(n))
