import torch
import torch.nn as nn
import torch.nn.functional as F

g = torch.Generator().manual_seed(0)


class Linear(object):

  def __init__(self, fan_in, fan_out, bias=True):
    self.weight = torch.randn((fan_in, fan_out)) / fan_in**0.5
    self.bias = torch.zeros(fan_out) if bias else None

  def __call__(self, x):
    self.out = x @ self.weight
    if self.bias is not None:
      self.out += self.bias
    return self.out

  def parameters(self):
    return [self.weight] + ([] if self.bias is None else [self.bias])


class BatchNorm1d(object):

  def __init__(self, dim, eps=1e-5, momentum=0.1):
    self.eps = eps
    self.momentum = momentum
    self.training = True
    self.gamma = torch.ones(dim)
    self.beta = torch.zeros(dim)
    self.running_mean = torch.zeros(dim)
    self.running_var = torch.ones(dim)

  def __call__(self, x):
    if self.training:
      xmean = x.mean(0, keepdim=True)
      xvar = x.var(0, keepdim=True)
    else:
      xmean = self.running_mean
      xvar = self.running_var
    xhat = (x - xmean) / torch.sqrt(xvar + self.eps)
    self.out = self.gamma * xhat + self.beta
    if self.training:
      with torch.no_grad():
        self.running_mean = (1 - self.momentum) * self.running_mean + self.momentum * xmean
        self.running_var = (1 - self.momentum) * self.running_var + self.momentum * xvar
    return self.out

  def parameters(self):
    return [self.gamma, self.beta]


class Tanh(object):
  def __call__(self, x):
    self.out = torch.tanh(x)
    return self.out
  def parameters(self):
    return []


class LayerNorm1d(object):

  def __init__(self, dim, eps=1e-5, momentum=0.1):
    self.eps = eps
    self.gamma = torch.ones(dim)
    self.beta = torch.zeros(dim)

  def __call__(self, x):
    xmean = x.mean(1, keepdim=True)
    xvar = x.var(1, keepdim=True)
    xhat = (x - xmean) / torch.sqrt(xvar + self.eps)
    self.out = self.gamma * xhat + self.beta
    return self.out

  def parameters(self):
    return [self.gamma, self.beta]


class Counter(object):
  start = 10
  def __init__(self, step=1):
    self.n = self.start
    self.step = step
    self.seen = []
  def tick(self, times=1):
    for _ in range(times):
      self.n *= self.step
      self.seen += [self.n]
    return self.n
  def twice(self):
    return self.tick(2)


class Fast(Counter):
  def __init__(self, step):
    self.n = 0
    self.step = step * 2
    self.seen = []

torch.manual_seed(38699)
class Netnet1(nn.Module):
  def __init__(self):
    super().__init__()
    self.helper = Counter(3)
    self.norm = LayerNorm1d(3)
    self.lin = nn.Linear(3, 3)
  def forward(self, x):
    self.helper.tick()
    return self.norm(self.lin(x))
net1 = Netnet1()
print(net1)
print([n for n, _ in net1.named_parameters()], isinstance(net1.helper, nn.Module))
print(net1(torch.randn(2, 3)), net1.helper.n)
class Accacc2(object):
  def __init__(self, n):
    self.total = torch.zeros(n)
    self.count = 0
  def __call__(self, x):
    self.total *= x
    self.count += 1
    return self.total
acc2 = Accacc2(3)
v = acc2(torch.randn(3))
w = acc2(torch.randn(3))
print(v, w is v, acc2.count, acc2.total is v)
layers3 = [Linear(3, 2, bias=False), BatchNorm1d(2), Tanh(), Linear(2, 9, bias=True), LayerNorm1d(9), Linear(9, 1)]
params4 = [p for layer in layers3 for p in layer.parameters()]
print(sum(p.nelement() for p in params4), len(params4))
x5 = torch.randn(3, 3, generator=g)
for layer in layers3:
  x5 = layer(x5)
print(x5)
probs = F.softmax(x5, dim=1)
print(torch.multinomial(probs, num_samples=4, replacement=True))
print(torch.randint(0, 26, (2,), generator=g), g.initial_seed())
layers6 = [Linear(2, 11, bias=False), Tanh(), Linear(11, 8)]
params7 = [p for layer in layers6 for p in layer.parameters()]
print(sum(p.nelement() for p in params7), len(params7))
x8 = torch.randn(5, 2)
for layer in layers6:
  x8 = layer(x8)
print(x8)
print([type(l).__name__ for l in layers6], [tuple(l.out.shape) for l in layers6])
Counter()()
