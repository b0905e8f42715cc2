import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
torch.manual_seed(1145)
u1 = torch.rand(2, 2)
u2 = torch.rand(2, 2)
torch.manual_seed(1145)
v1 = torch.rand(2, 2)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
lin = nn.Linear(3, 3)
torch.manual_seed(4778)
lin2 = nn.Linear(lin.in_features, lin.out_features)
print(lin2.weight, torch.equal(lin.weight, lin2.weight))
x = torch.arange(6).float().view(1, 2, 3)
B, T, HD = x.shape
q = x.view(B, T, 3, 1)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.transpose(1, 2).contiguous().view(B, T, HD)
print(torch.equal(y, x), y.stride())
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
a = torch.tensor([[-0.70, 0.26, -0.15, -0.57], [0.12, 0.59, -0.33, 0.13]])
b = torch.tensor([[-0.81, -0.74, 0.73], [-0.86, -0.25, -0.94], [-0.93, 0.63, -0.67], [0.78, -0.30, -0.59]])
c = torch.tensor([[0.35], [-0.40], [0.60]])
print((a @ b).T @ a)
