import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
x = torch.arange(3).float().view(1, 1, 3)
B, T, HD = x.shape
q = x.view(B, T, 3, 1)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.contiguous().view(B * 3, T, 1)
print(y, y.is_contiguous())
b_, t_ = x.shape[:2]
n, = x.flatten().shape
*lead, last = x.shape
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
w1 = torch.randn(1, 3)
vals = [f"{z:.1%}" for z in w1.flatten().tolist()]
print(", ".join(vals))
w2 = torch.tensor([[0.53, 0.77], [-0.55, -0.88], [0.81, -0.99]])
print(f"sum={w2.sum():.4f} max={w2.max():.2f}")
a = torch.randn(2, 2)
b = torch.randn(2, 1)
c = torch.randn(1, 4)
print(c.T @ b.T @ a.T)
torch.manual_seed(656)
B, T, C = 3, 2, 1
x = torch.randn(B, T, C)
wei = torch.randn(T, T)
wei = wei.masked_fill(torch.ones(T, T).triu(1) == 1, float("-inf"))
wei = F.softmax(wei, dim=-1)
out = wei @ x
print(wei)
outs = []
for t in range(T):
    outs.append(x[:, :t + 1].mean(-2))
xbow = torch.stack(outs, dim=1)
print(xbow.shape, torch.allclose(xbow, (torch.tril(torch.ones(T, T)) / torch.arange(1, T + 1).view(T, 1)) @ x))
