import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
x = torch.arange(6).float().view(1, 3, 2)
B, T, HD = x.shape
q = x.view(B, T, 1, 2)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.contiguous().view(B * 1, T, 2)
print(y, y.is_contiguous())
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
class Block1(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(d, d, bias=True) for _ in range(h)])
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.Dropout(0.0), nn.Linear(2 * d, d))
    def forward(self, x):
        for head in self.heads:
            x = x + head(x)
        return self.ff(x)

class ModelBlock1(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block1(3, 3) for _ in range(2)])
        self.out = nn.Linear(3, 1)
    def forward(self, x):
        return self.out(self.blocks(x))

torch.manual_seed(386)
model = ModelBlock1()
print(sum(p.numel() for p in model.parameters()), sum(p.numel() for p in model.parameters() if p.requires_grad))
model.eval()
print(model(torch.ones(2, 3)))
x = torch.arange(6).float().view(1, 1, 6)
B, T, HD = x.shape
q = x.view(B, T, 3, 2)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.permute(0, 2, 1, 3).flatten(2)
print(y.shape, torch.equal(y, x), y.view(-1)[:3])
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
seq2 = torch.tensor([[0.08, 0.11, 0.05], [-0.40, 0.80, -0.83], [0.75, 0.73, -0.00], [0.55, 0.35, 0.21]])
rows = []
T = seq2.shape[0]
for i in range(T):
    rows.append(seq2[i].softmax(0))
out = torch.cat(rows)
print(out.shape)
print([v.shape for v in rows])
w3 = torch.tensor([[-0.32, -0.22], [-0.16, 0.63]])
print(f"{w3[0, 0]:} {w3[0]} {w3.shape} {w3.dtype}")
