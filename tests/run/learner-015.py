import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
def noisy(v):
    print('made', v)
    return v
gen = (noisy(v) for v in range(0))
pairs = zip(gen, 'abcd')
print(next(pairs, None))
for item in pairs:
    print('got', item)
    break
print(list(pairs))
torch.manual_seed(1311)
B, T, C = 2, 5, 4
x = torch.randn(B, T, C)
wei = torch.zeros(T, T)
wei = wei.masked_fill(torch.tril(torch.ones(T, T)) == 0, -1e9)
wei = F.softmax(wei, -1)
out = wei @ x
print(out)
torch.manual_seed(1569)
u1 = torch.rand(3)
u2 = torch.rand(3)
torch.manual_seed(1569)
v1 = torch.rand(3)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
lin = nn.Linear(1, 2)
torch.manual_seed(308)
lin2 = nn.Linear(lin.in_features, lin.out_features)
print(lin2.weight, torch.equal(lin.weight, lin2.weight))
seq1 = torch.randn(4, 3)
rows = []
T = seq1.shape[0]
for i in range(T):
    rows.append(seq1[max(i - 1, 0):i + 1].mean(dim=0))
out = torch.cat([v.unsqueeze(0) for v in rows], dim=0)
print(out.shape)
print(rows)
