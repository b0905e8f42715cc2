import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
def noisy(v):
    print('made', v)
    return v
gen = (noisy(v) for v in range(2))
pairs = enumerate(gen)
print(next(pairs, None))
for item in pairs:
    print('got', item)
    break
print(list(pairs))
x = torch.arange(3).float()
print(x.flip(0), torch.flip(x.view(1, -1), [0, 1]))
torch.manual_seed(4116)
u1 = torch.rand(1)
u2 = torch.rand(1)
torch.manual_seed(4116)
v1 = torch.rand(1)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
torch.manual_seed(507)
B, T, C = 1, 3, 1
x = torch.randn(B, T, C)
wei = torch.zeros(T, T)
wei = wei.masked_fill(torch.ones(T, T).triu(1) == 1, float("-inf"))
wei = F.softmax(wei, dim=-1)
out = wei @ x
print(out.shape, wei.sum(1))
a = torch.tensor([[0.25, 0.39, 0.21, -0.92], [-0.76, 0.49, 0.97, -0.73]])
b = torch.tensor([[0.86, -0.41, 0.79], [-0.41, 0.59, -0.91], [-0.91, 0.52, -0.80], [-0.94, -0.30, -0.68]])
c = torch.rand(3, 3)
print((a @ b).T @ a)
