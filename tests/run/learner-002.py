import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
torch.manual_seed(877)
u1 = torch.rand(2, 2)
u2 = torch.rand(2, 2)
torch.manual_seed(877)
v1 = torch.rand(2, 2)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
a = torch.rand(4, 2)
b = torch.randn(2, 4)
c = torch.rand(4, 1)
print(c.T @ b.T @ a.T)
W = torch.randn(1, 2)
bias = torch.zeros(1)
print(a @ W.T + bias)
torch.manual_seed(1533)
B, T, C = 1, 1, 4
x = torch.randn(B, T, C)
wei = torch.randn(T, T)
wei = wei.masked_fill(torch.tril(torch.ones(T, T)) == 0, -float('inf'))
wei = F.softmax(wei, dim=-1)
out = wei @ x
print(wei)
outs = []
for t in range(T):
    outs.append(x[:, :t + 1].mean(dim=1))
xbow = torch.stack(outs, dim=1)
print(xbow.shape, torch.allclose(xbow, (torch.tril(torch.ones(T, T)) / torch.arange(1, T + 1).view(T, 1)) @ x))
def noisy(v):
    print('made', v)
    return v
gen = (noisy(v) for v in range(1))
pairs = enumerate(gen, 1)
print(next(pairs, None))
for item in pairs:
    print('got', item)
    break
print(list(pairs))
