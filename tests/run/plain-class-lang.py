# plain classes: no base, (), (object); class attributes, methods calling methods,
# inheritance, isinstance, type, attributes set later, a plain object inside an nn.Module
import torch
import torch.nn as nn

class Counter:
    start = 10
    def __init__(self, step=1):
        self.n = self.start
        self.step = step
    def tick(self, times=1):
        for _ in range(times):
            self.n += self.step
        return self.n
    def twice(self):
        return self.tick(2)

class Empty():
    pass

class Obj(object):
    kind = "obj"

class Fast(Counter):
    def __init__(self):
        super_n = 3
        self.n = super_n
        self.step = 5

c = Counter()
print(c.tick(), c.twice(), c.n, Counter.start, c.start)
c.start = 99
print(c.start, Counter.start)
f = Fast()
print(f.tick(), f.twice(), isinstance(f, Counter), isinstance(c, Fast), isinstance(c, nn.Module))
print(type(f).__name__, type(c) is Counter, Obj.kind, Obj().kind)
e = Empty()
e.x = [1, 2]
e.x.append(3)
print(e.x)
m = Counter.tick
print(m(c), c.n)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.helper = Counter(2)
        self.lin = nn.Linear(2, 2)
    def forward(self, x):
        self.helper.tick()
        return self.lin(x)
torch.manual_seed(0)
net = Net()
print(net)
print([n for n, _ in net.named_parameters()])
y = net(torch.ones(1, 2))
print(y, net.helper.n)
fns = [Counter(k) for k in range(3)]
print([g.tick(3) for g in fns])
