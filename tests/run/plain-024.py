import torch
import torch.nn as nn
import torch.nn.functional as F

g = torch.Generator().manual_seed(42)


class Linear:

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


class BatchNorm1d:

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


class Tanh:
  def __call__(self, x):
    self.out = torch.tanh(x)
    return self.out
  def parameters(self):
    return []


class LayerNorm1d:

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


class Counter:
  start = 1.5
  def __init__(self, step=2):
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

torch.manual_seed(36135)
class Accacc1(object):
  def __init__(self, n):
    self.total = torch.zeros(n)
    self.count = 0
  def __call__(self, x):
    self.total *= x
    self.count += 1
    return self.total
acc1 = Accacc1(3)
v = acc1(torch.randn(3))
w = acc1(torch.randn(3))
print(v, w is v, acc1.count, acc1.total is v)
layers2 = [Linear(6, 2, bias=False), BatchNorm1d(2), Tanh(), Linear(2, 7)]
params3 = [p for layer in layers2 for p in layer.parameters()]
print(sum(p.nelement() for p in params3), len(params3))
x4 = torch.randn(3, 6, generator=g)
for layer in layers2:
  x4 = layer(x4)
print(x4)
class Netnet5(nn.Module):
  def __init__(self):
    super().__init__()
    self.helper = Counter(4)
    self.norm = LayerNorm1d(4)
    self.lin = nn.Linear(4, 4)
  def forward(self, x):
    self.helper.tick()
    return self.norm(self.lin(x))
net5 = Netnet5()
print(net5)
print([n for n, _ in net5.named_parameters()], isinstance(net5.helper, nn.Module))
print(net5(torch.randn(2, 4)), net5.helper.n)
