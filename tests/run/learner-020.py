import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
class Block1(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(d, d, bias=False) for _ in range(h)])
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.Dropout(0.0), nn.Linear(2 * d, d))
    def forward(self, x):
        for head in self.heads:
            x = x + head(x)
        return self.ff(x)

class ModelBlock1(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block1(2, 3) for _ in range(2)])
        self.out = nn.Linear(2, 1)
    def forward(self, x):
        return self.out(self.blocks(x))

torch.manual_seed(196)
model = ModelBlock1()
model.eval()
print(model(torch.ones(2, 2)))
print(sum(p.numel() for p in model.parameters()), sum(p.numel() for p in model.parameters() if p.requires_grad))
print(model.blocks[0], len(model.blocks), len(model.blocks[0].heads))
print(f"{sum(p.numel() for p in model.parameters()) / 1e3:.2f}K params")
torch.manual_seed(3763)
u1 = torch.rand(2, 2)
u2 = torch.rand(2, 2)
torch.manual_seed(244)
v1 = torch.rand(2, 2)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
lin = nn.Linear(3, 2)
torch.manual_seed(244)
lin2 = nn.Linear(lin.in_features, lin.out_features)
print(lin2.weight, torch.equal(lin.weight, lin2.weight))
a = torch.rand(1, 4)
b = torch.tensor([[0.71, 0.92, 0.36], [-0.34, 0.75, -0.97], [0.14, -0.08, 0.77], [0.24, -0.60, -0.67]])
c = torch.rand(3, 4)
print(c.T @ b.T @ a.T)
W = torch.randn(4, 4)
bias = torch.zeros(4)
print(a @ W.T + bias)
w2 = torch.rand(1, 1)
print(f"sum={w2.sum():.2f} max={w2.max():^9.2f}")
