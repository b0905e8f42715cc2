import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
class Block1(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(d, d, bias=False) for _ in range(h)])
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.Dropout(0.5), nn.Linear(2 * d, d))
    def forward(self, x):
        for head in self.heads:
            x = x + head(x)
        return self.ff(x)

class ModelBlock1(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block1(4, 2) for _ in range(3)])
        self.out = nn.Linear(4, 1)
    def forward(self, x):
        return self.out(self.blocks(x))

torch.manual_seed(186)
model = ModelBlock1()
print(model.blocks[0], len(model.blocks), len(model.blocks[0].heads))
for name, prm in model.named_parameters():
    print(name, tuple(prm.shape))
def noisy(v):
    print('made', v)
    return v
gen = (noisy(v) for v in range(1))
pairs = enumerate(gen)
print(next(pairs, None))
for item in pairs:
    print('got', item)
    break
print(list(pairs))
x = torch.arange(4).float()
print(x.flip(0), torch.flip(x.view(1, -1), [0, 1]))
torch.manual_seed(1680)
B, T, C = 3, 3, 3
x = torch.randn(B, T, C)
wei = torch.zeros(T, T)
wei = wei.masked_fill(torch.ones(T, T).triu(1) == 1, -float('inf'))
wei = F.softmax(wei, dim=-1)
out = wei @ x
print(out[1])
