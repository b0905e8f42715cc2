import torch
import torch.nn as nn
import torch.nn.functional as F

g = torch.Generator().manual_seed(0)


class Linear():

  def __init__(self, fan_in, fan_out, bias=True):
    self.weight = torch.randn((fan_in, fan_out), generator=g) / fan_in**0.5
    self.bias = torch.zeros(fan_out) if bias else None

  def __call__(self, x):
    self.out = x @ self.weight
    if self.bias is not None:
      self.out += self.bias
    return self.out

  def parameters(self):
    return [self.weight] + ([] if self.bias is None else [self.bias])


class BatchNorm1d():

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


class Tanh():
  def __call__(self, x):
    self.out = torch.tanh(x)
    return self.out
  def parameters(self):
    return []


class LayerNorm1d():

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


class Counter():
  start = 10
  def __init__(self, step=1):
    self.n = self.start
    self.step = step
    self.seen = []
  def tick(self, times=1):
    for _ in range(times):
      self.n += self.step
      self.seen += [self.n]
    return self.n
  def twice(self):
    return self.tick(2)


class Fast(Counter):
  def __init__(self, step):
    self.n = 0
    self.step = step * 2
    self.seen = []

torch.manual_seed(56016)
layers1 = [Linear(5, 7, bias=True), Tanh(), Linear(7, 3, bias=False), Tanh(), Linear(3, 6)]
params2 = [p for layer in layers1 for p in layer.parameters()]
print(sum(p.nelement() for p in params2), len(params2))
x3 = torch.randn(3, 5, generator=g)
for layer in layers1:
  x3 = layer(x3)
print(x3)
print([type(l).__name__ for l in layers1], [tuple(l.out.shape) for l in layers1])
layers4 = [Linear(6, 7, bias=False), Tanh(), Linear(7, 2)]
params5 = [p for layer in layers4 for p in layer.parameters()]
print(sum(p.nelement() for p in params5), len(params5))
x6 = torch.randn(5, 6, generator=g)
for layer in layers4:
  x6 = layer(x6)
print(x6)
probs = F.softmax(x6, dim=1)
print(torch.multinomial(probs, num_samples=3, replacement=True))
print(torch.randint(0, 5, (5,), generator=g), g.initial_seed())
class Accacc7(object):
  def __init__(self, n):
    self.total = torch.zeros(n)
    self.count = 0
  def __call__(self, x):
    self.total -= x
    self.count += 1
    return self.total
acc7 = Accacc7(3)
v = acc7(torch.randn(3))
w = acc7(torch.randn(3))
print(v, w is v, acc7.count, acc7.total is v)
layers8 = [Linear(1, 7, bias=False), BatchNorm1d(7), Linear(7, 10, bias=True), BatchNorm1d(10), Linear(10, 5, bias=False), Tanh(), Linear(5, 8)]
params9 = [p for layer in layers8 for p in layer.parameters()]
print(sum(p.nelement() for p in params9), len(params9))
x10 = torch.randn(3, 1, generator=g)
for layer in layers8:
  x10 = layer(x10)
print(x10)
probs = F.softmax(x10, dim=1)
print(torch.multinomial(probs, num_samples=1, replacement=True))
print(torch.randint(0, 26, (5,), generator=g), g.initial_seed())
print(Counter().missing)
