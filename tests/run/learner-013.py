import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
torch.manual_seed(4916)
u1 = torch.rand(2, 2)
u2 = torch.rand(2, 2)
torch.manual_seed(4916)
v1 = torch.rand(2, 2)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
lin = nn.Linear(2, 2)
torch.manual_seed(2201)
lin2 = nn.Linear(lin.in_features, lin.out_features)
print(lin2.weight, torch.equal(lin.weight, lin2.weight))
def noisy(v):
    print('made', v)
    return v
gen = (noisy(v) for v in range(0))
pairs = enumerate(gen, 1)
print(next(pairs, None))
for item in pairs:
    print('got', item)
    break
print(list(pairs))
x = torch.arange(1).float()
print(x.flip(0), torch.flip(x.view(1, -1), [0, 1]))
t1 = torch.rand(3, 1)
u2 = torch.arange(1)
print([t1, u2])
x = torch.arange(4).float().view(2, 2, 1)
B, T, HD = x.shape
q = x.view(B, T, 1, 1)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.reshape(B, -1)
print(y.shape, y)
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
x = torch.arange(6).float().view(1, 3, 2)
B, T, HD = x.shape
q = x.view(B, T, 1, 2)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.reshape(B, -1)
print(y.shape, y)
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
