import torch
import torch.nn as nn
import torch.nn.functional as F

g = torch.Generator().manual_seed(42)


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
  start = 0
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

torch.manual_seed(49700)
layers1 = [Linear(6, 4, bias=True), Linear(4, 5)]
with torch.no_grad():
  layers1[-1].weight *= 0.1
  for layer in layers1[:-1]:
    if isinstance(layer, Linear):
      layer.weight *= 2
params2 = [p for layer in layers1 for p in layer.parameters()]
print(sum(p.nelement() for p in params2), len(params2))
x3 = torch.randn(5, 6, generator=g)
for layer in layers1:
  x3 = layer(x3)
print(x3)
c4 = Counter(3)
print(type(c4).__name__, type(c4) is Counter)
layers5 = [Linear(5, 4, bias=False), Tanh(), Linear(4, 2, bias=False), LayerNorm1d(2), Tanh(), Linear(2, 6)]
with torch.no_grad():
  layers5[-1].weight *= 0.1
  for layer in layers5[:-1]:
    if isinstance(layer, Linear):
      layer.weight *= 2
params6 = [p for layer in layers5 for p in layer.parameters()]
print(sum(p.nelement() for p in params6), len(params6))
x7 = torch.randn(6, 5)
for layer in layers5:
  x7 = layer(x7)
print(x7)
probs = F.softmax(x7, dim=1)
print(torch.multinomial(probs, num_samples=2, replacement=True, generator=g))
print(torch.randint(0, 22, (5,), generator=g), g.initial_seed())
print([type(l).__name__ for l in layers5], [tuple(l.out.shape) for l in layers5])
for layer in layers5:
  layer.training = False
print(layers5[0](torch.ones(1, 5)))
Counter()()
