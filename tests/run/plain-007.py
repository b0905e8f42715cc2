import torch
import torch.nn as nn
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647)


class Linear(object):

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
  start = 0
  def __init__(self, step=0.25):
    self.n = self.start
    self.step = step
    self.seen = []
  def tick(self, times=1):
    for _ in range(times):
      self.n -= self.step
      self.seen += [self.n]
    return self.n
  def twice(self):
    return self.tick(2)


class Fast(Counter):
  def __init__(self, step):
    self.n = 0
    self.step = step * 2
    self.seen = []

torch.manual_seed(76349)
layers1 = [Linear(1, 12, bias=False), LayerNorm1d(12), Linear(12, 1, bias=True), Tanh(), Linear(1, 2, bias=True), BatchNorm1d(2), Tanh(), Linear(2, 8)]
params2 = [p for layer in layers1 for p in layer.parameters()]
print(sum(p.nelement() for p in params2), len(params2))
x3 = torch.randn(2, 1)
for layer in layers1:
  x3 = layer(x3)
print(x3)
probs = F.softmax(x3, dim=1)
print(torch.multinomial(probs, num_samples=1, replacement=True, generator=g))
print(torch.randint(0, 25, (1,), generator=g), g.initial_seed())
