import torch
torch.manual_seed(266)
t = torch.rand(3, 2)
x = 0.8
y = -0.232
n = 5
xs = [-0.8, 2.76, 2.84, -1.93]
print(torch.where(t > 0.38, t, torch.zeros(1)))
print([(k, k % 3) for k in range(4)])
print(f"{t[1]}", f"{t.sum(dim=1)}")
print(t[:, :1].expand(-1, 1), torch.ones(3).expand(2, -1))
