#!/usr/bin/python3
"""plain_scripts.py - random scripts of plain classes, checked against real PyTorch 1.13.

Classes without a base (`class A:`, `class A():`, `class A(object):`) as
Karpathy's notebooks write them: makemore's Linear, BatchNorm1d and Tanh
(stacked in a list, called in turn, parameters gathered by a comprehension;
their weights drawn from makemore's torch.Generator or the default one),
the gpt-dev notebook's LayerNorm1d, and counters: class attributes read
through the instance and shadowed on it, `self.n op= v` on ints, floats,
lists and tensors, methods calling methods, a subclass overriding __init__,
isinstance/type, an instance kept on an nn.Module (a plain attribute, not a
submodule); and the errors (no __call__, no __init__ given arguments, a
missing attribute, len/iter/[]).

    /usr/bin/python3 tests/gen/plain_scripts.py --fuzz COUNT SEED [DIR]
        the differential run (cls_scripts.py's runner): mismatches to stdout, want/got in DIR
    /usr/bin/python3 tests/gen/plain_scripts.py --batch [COUNT]
        tests/run/plain-NNN.py (seed 23) and their goldens (run_cases.py)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cls_scripts  # noqa: E402

MAKEMORE = '''import torch
import torch.nn as nn
import torch.nn.functional as F

g = torch.Generator().manual_seed(%(seed)s)


class Linear%(base)s:

  def __init__(self, fan_in, fan_out, bias=True):
    self.weight = torch.randn((fan_in, fan_out)%(gen)s) / fan_in**0.5
    self.bias = torch.zeros(fan_out) if bias else None

  def __call__(self, x):
    self.out = x @ self.weight
    if self.bias is not None:
      self.out += self.bias
    return self.out

  def parameters(self):
    return [self.weight] + ([] if self.bias is None else [self.bias])


class BatchNorm1d%(base)s:

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


class Tanh%(base)s:
  def __call__(self, x):
    self.out = torch.tanh(x)
    return self.out
  def parameters(self):
    return []


class LayerNorm1d%(base)s:

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


class Counter%(base)s:
  start = %(start)s
  def __init__(self, step=%(step)s):
    self.n = self.start
    self.step = step
    self.seen = []
  def tick(self, times=1):
    for _ in range(times):
      self.n %(op)s= self.step
      self.seen += [self.n]
    return self.n
  def twice(self):
    return self.tick(2)


class Fast(Counter):
  def __init__(self, step):
    self.n = 0
    self.step = step * 2
    self.seen = []
'''


def s_layers(g):
    r = g.r
    d_in, hidden, out = r.randint(1, 6), r.randint(1, 12), r.randint(1, 8)
    batch = r.randint(2, 6)
    kinds = []
    n = d_in
    for k in range(r.randint(1, 3)):
        m = hidden if k == 0 else r.randint(1, 10)
        kinds.append("Linear(%d, %d, bias=%s)" % (n, m, r.choice(["True", "False"])))
        if r.random() < 0.6:
            kinds.append(r.choice(["BatchNorm1d(%d)" % m, "LayerNorm1d(%d)" % m]))
        if r.random() < 0.7:
            kinds.append("Tanh()")
        n = m
    kinds.append("Linear(%d, %d)" % (n, out))
    ls = g.name("layers")
    g.add("%s = [%s]" % (ls, ", ".join(kinds)))
    if r.random() < 0.5:
        g.add("with torch.no_grad():", "  %s[-1].weight *= 0.1" % ls,
              "  for layer in %s[:-1]:" % ls, "    if isinstance(layer, Linear):",
              "      layer.weight *= %s" % r.choice(["5/3", "0.5", "2"]))
    ps = g.name("params")
    g.add("%s = [p for layer in %s for p in layer.parameters()]" % (ps, ls),
          "print(sum(p.nelement() for p in %s), len(%s))" % (ps, ps))
    x = g.name("x")
    g.add("%s = torch.randn(%d, %d%s)" % (x, batch, d_in, r.choice(["", ", generator=g"])),
          "for layer in %s:" % ls, "  %s = layer(%s)" % (x, x), "print(%s)" % x)
    if r.random() < 0.4:
        g.add("probs = F.softmax(%s, dim=1)" % x,
              "print(torch.multinomial(probs, num_samples=%d, replacement=True%s))"
              % (r.randint(1, 4), r.choice(["", ", generator=g"])),
              "print(torch.randint(0, %d, (%d,), generator=g), g.initial_seed())" % (r.randint(1, 30), r.randint(1, 5)))
    if r.random() < 0.5:
        g.add("print([type(l).__name__ for l in %s], [tuple(l.out.shape) for l in %s])" % (ls, ls))
    if r.random() < 0.4:
        g.add("for layer in %s:" % ls, "  layer.training = False",
              "print(%s[0](torch.ones(1, %d)))" % (ls, d_in))


def s_counter(g):
    r = g.r
    c = g.name("c")
    cls = r.choice(["Counter", "Fast"])
    arg = r.choice(["", "3", "0.5", "-2"]) if cls == "Counter" else r.choice(["1", "4"])
    g.add("%s = %s(%s)" % (c, cls, arg))
    for _ in range(r.randint(1, 3)):
        g.add(r.choice(["print(%s.tick())", "print(%s.twice(), %s.n)", "print(%s.tick(3), %s.seen)",
                        "print(%s.start, Counter.start, isinstance(%s, Counter), isinstance(%s, Fast))",
                        "%s.start = 7\nprint(%s.start, Counter.start)",
                        "print(type(%s).__name__, type(%s) is Counter)",
                        "%s.extra = [1]\n%s.extra += [2]\n%s.extra.append(3)\nprint(%s.extra)",
                        "print(Counter.tick(%s), %s.n)"]).replace("%s", c))


def s_module(g):
    r = g.r
    k = r.randint(1, 4)
    m = g.name("net")
    g.add("class Net%s(nn.Module):" % m,
          "  def __init__(self):",
          "    super().__init__()",
          "    self.helper = Counter(%d)" % k,
          "    self.norm = LayerNorm1d(%d)" % k,
          "    self.lin = nn.Linear(%d, %d)" % (k, k),
          "  def forward(self, x):",
          "    self.helper.tick()",
          "    return self.norm(self.lin(x))",
          "%s = Net%s()" % (m, m), "print(%s)" % m,
          "print([n for n, _ in %s.named_parameters()], isinstance(%s.helper, nn.Module))" % (m, m),
          "print(%s(torch.randn(2, %d)), %s.helper.n)" % (m, k, m))


def s_tensor_attr(g):
    r = g.r
    c = g.name("acc")
    op = r.choice(["+", "-", "*"])
    g.add("class Acc%s%s:" % (c, r.choice(["", "()", "(object)"])),
          "  def __init__(self, n):", "    self.total = torch.zeros(n)", "    self.count = 0",
          "  def __call__(self, x):", "    self.total %s= x" % op, "    self.count += 1",
          "    return self.total",
          "%s = Acc%s(%d)" % (c, c, 3),
          "v = %s(torch.randn(3))" % c, "w = %s(torch.randn(3))" % c,
          "print(v, w is v, %s.count, %s.total is v)" % (c, c))


ERRORS = ["Counter()()", "Tanh(1)", "print(Counter().missing)", "print(len(Tanh()))",
          "for t in Tanh():\n  print(t)", "print(Counter()[0])", "Linear(2)",
          "Linear(2, 3)(torch.ones(2, 2))"]


def script(r):
    text = MAKEMORE % {"base": r.choice(["", "()", "(object)"]), "start": r.choice(["0", "10", "1.5"]),
                       "step": r.choice(["1", "2", "0.25"]), "op": r.choice(["+", "-", "*"]),
                       "gen": r.choice(["", ", generator=g"]), "seed": r.choice(["2147483647", "42", "0"])}
    g = cls_scripts.Gen(r)
    g.add("torch.manual_seed(%d)" % r.randrange(100000))
    for _ in range(r.randint(1, 4)):
        r.choice([s_layers, s_layers, s_counter, s_module, s_tensor_attr])(g)
    if r.random() < 0.2:
        g.add(r.choice(ERRORS))
    return text + "\n" + "\n".join(g.lines) + "\n"


def main():
    args = sys.argv[1:]
    if args[:1] == ["--batch"]:
        return cls_scripts.batch(int(args[1]) if len(args) > 1 else 30, make=script, name="plain")
    if args[:1] != ["--fuzz"] or len(args) < 3:
        sys.exit(__doc__)
    cls_scripts.fuzz(int(args[1]), int(args[2]), args[3] if len(args) > 3 else "/tmp/plain-fuzz", 0, 0.0,
                     make=script, prefix="p")


if __name__ == "__main__":
    main()
