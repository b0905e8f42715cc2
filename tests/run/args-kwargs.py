# *args and **kwargs parameters, keyword-only ones, and calls spreading *xs and **d
def f(a, *args, b=2, **kw):
    print(a, args, b, kw)
f(1, 2, 3, c=4)
f(*[1, 2], **{'b': 5, 'z': 6})
f(1)
def g(*args):
    return sum(args)
print(g(), g(1, 2, 3), g(*range(5)))
def h(**kwargs):
    for k, v in kwargs.items():
        print(k, v)
    return kwargs
print(h(x=1, y="s"))
def k(a, *, key, other=3):
    return a, key, other
print(k(1, key=2), k(a=0, key=1, other=9))
import torch
import torch.nn as nn
class Wrap(nn.Module):
    def __init__(self, *dims, bias=True, **extra):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(i, o, bias=bias) for i, o in zip(dims, dims[1:])])
        self.extra = extra
    def forward(self, x, *rest, **kw):
        for l in self.layers:
            x = l(x)
        return x, rest, kw
torch.manual_seed(0)
m = Wrap(3, 4, 2, bias=False, note="hi")
print(m.extra)
y, rest, kw = m(torch.ones(1, 3), 5, scale=2.0)
print(y, rest, kw)
def outer(*a, **k):
    return inner(*a, **k)
def inner(x, y=0):
    return x - y
print(outer(5, y=2), outer(y=1, x=3))
