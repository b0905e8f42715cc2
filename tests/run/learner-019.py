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
        self.blocks = nn.Sequential(*[Block1(4, 3) for _ in range(1)])
        self.out = nn.Linear(4, 1)
    def forward(self, x):
        return self.out(self.blocks(x))

torch.manual_seed(77)
model = ModelBlock1()
print(model)
print(model.blocks[0], len(model.blocks), len(model.blocks[0].heads))
print(sum(p.numel() for p in model.parameters()), sum(p.numel() for p in model.parameters() if p.requires_grad))
torch.manual_seed(124)
B, T, C = 2, 2, 4
x = torch.randn(B, T, C)
wei = torch.zeros(T, T)
wei = wei.masked_fill(torch.ones(T, T).triu(1) == 1, -float('inf'))
wei = torch.softmax(wei, dim=1)
out = wei @ x
print(out)
