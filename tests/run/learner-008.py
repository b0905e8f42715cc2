import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
w1 = torch.tensor([[-0.14, 0.82], [0.88, 0.08]])
for i in range(2):
    for j in range(2):
        print(f"{i}{j}: {w1[i, j].item():.3e}")
x = torch.arange(3).float().view(1, 1, 3)
B, T, HD = x.shape
q = x.view(B, T, 3, 1)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.contiguous().view(B * 3, T, 1)
print(y, y.is_contiguous())
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
seq2 = torch.rand(1, 3)
rows = []
T = seq2.shape[0]
for i in range(T):
    rows.append(seq2[i] * i)
out = torch.stack(rows)
print(out.shape)
print([v.shape for v in rows])
