# type() and isinstance() of modules: a script's class (and its bases),
# nn.Module, nn.ModuleList, nn.Sequential, nn.Linear
import torch
import torch.nn as nn


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)


class Child(Base):
    def forward(self, x):
        return self.lin(x)


c = Child()
b = Base()
seq = nn.Sequential(nn.Linear(2, 3), nn.Dropout(0.1))
ml = nn.ModuleList([c, b])
print(type(c), type(b), type(seq), type(ml), type(nn.Module()), type(seq[0]))
print(type(c).__name__, type(c) == Child, type(c) == Base)
print(isinstance(c, Child), isinstance(c, Base), isinstance(b, Child), isinstance(c, nn.Module))
print(isinstance(seq, nn.Module), isinstance(seq[1], nn.Module), isinstance(ml, (nn.Sequential, nn.ModuleList)))
print(isinstance(seq, nn.ModuleList), isinstance(torch.ones(1), nn.Module), isinstance(3, (Child, int)))
print([type(m) for m in seq], [isinstance(m, nn.Linear) for m in ml[0].children()])
