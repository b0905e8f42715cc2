# nn.Dropout(p, inplace=True) and F.dropout(..., inplace=True) write their input
# (as ATen's _dropout<true>: x.mul_(noise)); the repr and .inplace say so; len()
# of a torch.return_types value; a leaf that requires grad is refused in place
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.tensor([[-1.0, 2.0, float('inf')], [float('nan'), -0.5, 3.0]])
y = x.clone()
d = nn.Dropout(0.5, True)
print(d, d.inplace, nn.Dropout(p=0.2, inplace=False).inplace)
z = d(y)
print(z, y)
w = torch.randn(2, 3, requires_grad=True)
h = w * 1
out = F.dropout(h, 0.3, inplace=True)
print(out, h)
d.eval()
print(d(y))
v = torch.ones(4, 4)
d.train()
print(d(v[1:3, ::2]), v)
print(F.dropout(torch.ones(3), 0.0, True, True))
seq = nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.25, inplace=True))
print(seq)
vals = torch.randn(3, 4).max(1)
print(len(vals), len(torch.randn(2, 2).min(dim=0)))
d(w)
