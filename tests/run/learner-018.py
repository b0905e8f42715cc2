import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
class Block1(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(d, d, bias=True) for _ in range(h)])
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.Dropout(0.1), nn.Linear(2 * d, d))
    def forward(self, x):
        for head in self.heads:
            x = x + head(x)
        return self.ff(x)

class ModelBlock1(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block1(3, 1) for _ in range(1)])
        self.out = nn.Linear(3, 1)
    def forward(self, x):
        return self.out(self.blocks(x))

torch.manual_seed(652)
model = ModelBlock1()
print(model.blocks[0], len(model.blocks), len(model.blocks[0].heads))
for name, prm in model.named_parameters():
    print(name, tuple(prm.shape))
print(f"{sum(p.numel() for p in model.parameters()) / 1e3:.2f}K params")
print(model)
t2 = torch.tensor([[-0.89, 0.74, -0.21]])
u3 = torch.arange(4)
print(str([u3]), repr((u3,)))
x = torch.arange(3).float().view(1, 3, 1)
B, T, HD = x.shape
q = x.view(B, T, 1, 1)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.transpose(1, 2).contiguous().view(B, T, HD)
print(torch.equal(y, x), y.stride())
b_, t_ = x.shape[:2]
n, = x.flatten().shape
*lead, last = x.shape
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
