import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
torch.manual_seed(42)
B, T, C = 2, 5, 2
x = torch.randn(B, T, C)
wei = torch.randn(T, T)
wei = wei.masked_fill(~torch.ones(T, T, dtype=torch.bool).tril(), -1e9)
wei = F.softmax(wei, -1)
out = wei @ x
print(out[1])
outs = []
for t in range(T):
    outs.append(x[:, :t + 1].mean(dim=1))
xbow = torch.stack(outs, dim=1)
print(xbow.shape, torch.allclose(xbow, (torch.tril(torch.ones(T, T)) / torch.arange(1, T + 1).view(T, 1)) @ x))
x = torch.arange(12).float().view(2, 1, 6)
B, T, HD = x.shape
q = x.view(B, T, 3, 2)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.reshape(B, -1)
print(y.shape, y)
b_, t_ = x.shape[:2]
n, = x.flatten().shape
*lead, last = x.shape
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
