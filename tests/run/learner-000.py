import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
a = torch.randn(1, 3)
b = torch.rand(3, 4)
c = torch.rand(4, 4)
print((a @ b).T @ a)
W = torch.randn(4, 3)
bias = torch.zeros(4)
print(a @ W.T + bias)
class Block1(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(d, d, bias=True) for _ in range(h)])
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.Dropout(0.5), nn.Linear(2 * d, d))
    def forward(self, x):
        for head in self.heads:
            x = x + head(x)
        return self.ff(x)

class ModelBlock1(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block1(2, 1) for _ in range(1)])
        self.out = nn.Linear(2, 1)
    def forward(self, x):
        return self.out(self.blocks(x))

torch.manual_seed(431)
model = ModelBlock1()
print(model.blocks[0], len(model.blocks), len(model.blocks[0].heads))
model.eval()
print(model(torch.ones(2, 2)))
w2 = torch.tensor([[0.18]])
print(f"sum={w2.sum():g} max={w2.max():10.5f}")
x = torch.arange(24).float().view(2, 3, 4)
B, T, HD = x.shape
q = x.view(B, T, 2, 2)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.reshape(B, -1)
print(y.shape, y)
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
