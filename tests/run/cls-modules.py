import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d, p=0.5):
        super().__init__()
        self.lin = nn.Linear(d, d)
        self.drop = nn.Dropout(p)
        self.scale = nn.Parameter(torch.ones(d))
        self.register_buffer("offset", torch.arange(d) * 0.5)
        self.register_buffer("nothing", None)
        self.name = "block"

    def forward(self, x):
        return self.drop(self.lin(x)) * self.scale + self.offset


class Deeper(Block):
    def __init__(self, d):
        super().__init__(d, p=0.25)
        self.extra = nn.Sequential(nn.Linear(d, 2 * d), nn.Softmax(dim=-1), nn.Linear(2 * d, d, bias=False))

    def forward(self, x):
        y = super().forward(x)
        return self.extra(y)

    def describe(self, prefix="deeper"):
        return prefix + ":" + self.name


torch.manual_seed(7)
x = torch.rand(2, 3, 4)
b = Block(4)
print(b(x))
b.eval()
print(b(x))
print(b.train(), b.training, b.drop.training)
print(b(x))
d = Deeper(4)
print(d)
print(d.describe(), d.describe(prefix="D"))
print(d(x))
for name, p in d.named_parameters():
    print(name, p.shape, p.requires_grad)
for name, t in d.named_buffers():
    print(name, t)
for name, m in d.named_children():
    print(name, m)
print(len(list(d.modules())), len(list(d.children())))
for name, m in d.named_modules():
    print("module:", name)
shared = nn.Linear(2, 2)
twice = nn.ModuleList([shared, shared, nn.Dropout(0.0)])
print(len(list(twice.parameters())), len(twice), twice[-1])
twice.extend([nn.Linear(2, 3)])
print(twice)
for m in twice:
    print(m)
seq = nn.Sequential()
print(seq)
seq.append(nn.Linear(4, 2))
print(seq(x), seq[0].weight.shape)
d.scale = nn.Parameter(torch.zeros(4))
d.lin = None
d.name = "renamed"
print(d.describe())
d.offset = torch.zeros(4)
print(d.offset, d.nothing)
d.training = False
print(d.training, d.extra.training)
print(list(d.parameters(recurse=False)))
