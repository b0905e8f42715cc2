#!/usr/bin/python3
"""layer_scripts.py - random scripts of the lecture's layers, checked against real PyTorch 1.13.

Karpathy's "Let's build GPT" classes as the lecture writes them (Head with its
tril buffer and dropout, MultiHeadAttention with proj and dropout,
FeedForward = nn.Sequential(Linear, ReLU, Linear, Dropout), Block with ln1/ln2
and the residuals x = x + self.sa(self.ln1(x))), stacked in nn.Sequential with
a last LayerNorm, with other sizes, seeds, dropout, train()/eval(); and the
layers alone: nn.LayerNorm / F.layer_norm (normalized_shape of one or two
dims, eps, elementwise_affine, weight or bias only, rows long enough for
several Welford chunks), nn.ReLU / F.relu / torch.relu / x.relu() / relu_,
nn.GELU / F.gelu ('none' and 'tanh'; one element, contiguous, transposed and
sliced inputs), their reprs nested in nn.Sequential and in classes,
parameters, grad_fn; a wrong normalized_shape (PyTorch's one-line error).

    /usr/bin/python3 tests/gen/layer_scripts.py --fuzz COUNT SEED [DIR]
        the differential run (cls_scripts.py's runner): mismatches to stdout, want/got in DIR
    /usr/bin/python3 tests/gen/layer_scripts.py --batch [COUNT]
        tests/run/layers-NNN.py (seed 23) and their goldens (run_cases.py)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cls_scripts  # noqa: E402
import outside_scripts  # noqa: E402

# the lecture's FeedForward and Block (outside_scripts.py's text, without the bigram model), and a GELU variant
LECTURE = (outside_scripts.LECTURE + outside_scripts.LECTURE_OUT.split("\n\nclass BigramLanguageModel")[0] + '''


class FeedForwardGELU(nn.Module):
    def __init__(self, n_embd, approximate):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(approximate=approximate),
                                 nn.Linear(4 * n_embd, n_embd))

    def forward(self, x):
        return self.net(x)
''')


def seed_line(r):
    return "torch.manual_seed(%d)" % r.choice([1337, 42, 0, 123, r.randrange(100000)])


def s_block(g):
    """the lecture's Block (or a stack of them with a last LayerNorm) on random input"""
    r = g.r
    n_head, head = r.randint(1, 4), r.randint(1, 4)
    n_embd = n_head * head
    b, t = r.randint(1, 3), r.randint(1, 6)
    block = t + r.choice([0, 0, 1, 3])
    p = r.choice(["0.0", "0.0", "0.1", "0.2"])
    m, x, out = g.name("blk"), g.name("x"), g.name("out")
    g.add(seed_line(r))
    if r.random() < 0.5:
        g.add("%s = Block(%d, %d, %d, %s)" % (m, n_embd, n_head, block, p))
    else:
        g.add("%s = nn.Sequential(*[Block(%d, %d, %d, %s) for _ in range(%d)], nn.LayerNorm(%d))"
              % (m, n_embd, n_head, block, p, r.randint(1, 3), n_embd))
    mode = r.random()
    if mode < 0.5:
        g.add("%s.eval()" % m)
    elif mode < 0.6:
        g.add("%s.train()" % m)
    g.add("%s = torch.randn(%d, %d, %d)" % (x, b, t, n_embd), "%s = %s(%s)" % (out, m, x))
    g.add(r.choice(["print(%s)" % out, "print(%s.shape, %s[0, -1])" % (out, out),
                    "print(%s.sum().item(), %s.mean(dim=-1))" % (out, out)]))
    for e in r.sample(range(5), r.randint(1, 3)):
        if e == 0:
            g.add("print(%s)" % m)
        elif e == 1:
            g.add("print(sum(p.numel() for p in %s.parameters()), 'parameters')" % m)
        elif e == 2:
            g.add("for name, prm in %s.named_parameters():" % m, "    print(name, tuple(prm.shape), prm.requires_grad)")
        elif e == 3:
            g.add("print([type(c).__name__ for c in %s.modules()])" % m)
        else:
            g.add("with torch.no_grad():", "    print(%s(%s)[-1])" % (m, x))


def s_ffwd(g):
    r = g.r
    n = r.randint(1, 6)
    m = g.name("ff")
    g.add(seed_line(r))
    if r.random() < 0.6:
        g.add("%s = FeedForward(%d, %s)" % (m, n, r.choice(["0.0", "0.2"])))
    else:
        g.add("%s = FeedForwardGELU(%d, %r)" % (m, n, r.choice(["none", "tanh"])))
    if r.random() < 0.5:
        g.add("%s.eval()" % m)
    g.add("h = torch.randn(%d, %d, %d)" % (r.randint(1, 2), r.randint(1, 4), n), "print(%s(h))" % m)
    if r.random() < 0.5:
        g.add("print(%s, %s.net[1])" % (m, m))


def ln_shape(r):
    """(constructor argument, normalized dims)"""
    k = r.random()
    if k < 0.5:
        n = r.choice([r.randint(1, 40), r.randint(1, 40), r.randint(100, 300)])
        return (str(n) if r.random() < 0.6 else "(%d,)" % n if r.random() < 0.5 else "[%d]" % n), [n]
    a, c = r.randint(1, 5), r.randint(1, 12)
    return (r.choice(["(%d, %d)", "[%d, %d]", "torch.Size([%d, %d])"]) % (a, c)), [a, c]


def s_layernorm(g):
    r = g.r
    arg, dims = ln_shape(r)
    lead = [r.randint(1, 4) for _ in range(r.randint(0, 2))]
    shape = ", ".join(str(d) for d in lead + dims)
    m, x = g.name("ln"), g.name("v")
    kw = []
    if r.random() < 0.4:
        kw.append("eps=%s" % r.choice(["1e-5", "1e-3", "0.1", "1", "1e-12", "0"]))
    if r.random() < 0.3:
        kw.append("elementwise_affine=%s" % r.choice(["False", "True"]))
    g.add("%s = nn.LayerNorm(%s)" % (m, ", ".join([arg] + kw)))
    g.add("%s = %s * %s + %s" % (x, "torch.randn(%s)" % shape, r.choice(["1", "3", "0.01", "100"]),
                                 r.choice(["0", "1", "-2.5", "50"])))
    g.add(r.choice(["print(%s(%s))" % (m, x), "print(%s)" % m, "print(%s, %s(%s).sum(-1))" % (m, m, x),
                    "y = %s(%s)\nprint(y.mean(-1), y.std(-1, unbiased=False), y.requires_grad)" % (m, x)]))
    if r.random() < 0.4:
        v = r.randrange(4)
        if v == 0:
            g.add("print(F.layer_norm(%s, %s.shape[-%d:]))" % (x, x, len(dims)))
        elif v == 1:
            g.add("print(F.layer_norm(%s, %r, torch.randn(%s), eps=%s))" % (x, tuple(dims), ", ".join(map(str, dims)),
                                                                             r.choice(["1e-5", "0.5"])))
        elif v == 2:
            g.add("print(F.layer_norm(%s, %r, None, torch.randn(%s)))" % (x, tuple(dims), ", ".join(map(str, dims))))
        else:
            g.add("print(%s.weight, %s.bias, %s.normalized_shape, %s.eps, %s.elementwise_affine)" % ((m,) * 5))


def s_act(g):
    r = g.r
    rows, cols = r.randint(1, 5), r.choice([1, 3, 8, 15, 16, 17, 20, 33])
    x = g.name("a")
    if r.random() < 0.3:
        g.add("%s = torch.randn(%d, %d, requires_grad=True)" % (x, rows, cols))
    else:
        g.add("%s = torch.randn(%d, %d)%s" % (x, rows, cols, r.choice(["", "", " * 4", " - 0.5"])))
    views = ["%s" % x, "%s.T" % x, "%s[:, :%d]" % (x, max(1, min(cols, 5))), "%s[0]" % x, "%s[0, :1]" % x,
             "%s.view(-1)" % x]
    v = r.choice(views)
    ops = ["torch.relu(%s)", "F.relu(%s)", "%s.relu()", "nn.ReLU()(%s)", "F.gelu(%s, approximate='tanh')",
           "nn.GELU('tanh')(%s)"]
    if v in (x, "%s.view(-1)" % x, "%s[0]" % x, "%s[0, :1]" % x) or "[:, :" in v:
        ops += ["F.gelu(%s)", "nn.GELU()(%s)"]
    for _ in range(r.randint(1, 3)):
        g.add("print(%s)" % (r.choice(ops) % v))
    if r.random() < 0.3:
        c = g.name("c")
        g.add("%s = %s.detach().clone()" % (c, x), "%s.relu_()" % c, "print(%s)" % c)
    if r.random() < 0.2:
        g.add("print(torch.relu(torch.tensor([%d, -%d, 0])), F.relu(torch.tensor([-0.0, 2.5])))"
              % (r.randint(0, 9), r.randint(0, 9)))


def s_reprs(g):
    r = g.r
    n = r.randint(1, 8)
    parts = r.sample(["nn.Linear(%d, %d)" % (n, n), "nn.ReLU()", "nn.ReLU(inplace=True)", "nn.GELU()",
                      "nn.GELU(approximate='tanh')", "nn.LayerNorm(%d)" % n,
                      "nn.LayerNorm(%d, eps=1e-3, elementwise_affine=False)" % n, "nn.Dropout(0.1)"], r.randint(1, 5))
    m = g.name("seq")
    g.add("%s = nn.Sequential(%s)" % (m, ", ".join(parts)), "print(%s)" % m)
    if r.random() < 0.5:
        g.add("print(len(list(%s.parameters())), [n for n, _ in %s.named_parameters()])" % (m, m))
    if r.random() < 0.5:
        g.add("print(%s(torch.randn(2, %d)))" % (m, n))


def s_error(g):
    r = g.r
    n = r.randint(2, 6)
    g.add(r.choice(["print(nn.LayerNorm(%d)(torch.randn(2, %d)))" % (n, n + 1),
                    "print(F.layer_norm(torch.randn(%d, 3), (%d, 3)))" % (n, n + 1),
                    "print(nn.LayerNorm((%d, 2))(torch.randn(2, %d)))" % (n, n),
                    "print(F.gelu(torch.randn(%d), approximate='exact'))" % n,
                    "print(torch.relu(torch.ones(%d).bool()))" % n]))


SNIPPETS = [s_block, s_block, s_ffwd, s_layernorm, s_layernorm, s_act, s_act, s_reprs]


def script(r):
    text = cls_scripts.CLASSES + LECTURE
    g = cls_scripts.Gen(r)
    g.add(seed_line(r))
    for _ in range(r.randint(2, 5)):
        r.choice(SNIPPETS)(g)
    if r.random() < 0.12:
        s_error(g)
    return text + "\n\n" + "\n".join(g.lines) + "\n"


def main():
    args = sys.argv[1:]
    if args[:1] == ["--batch"]:
        return cls_scripts.batch(int(args[1]) if len(args) > 1 else 40, make=script, name="layers")
    if args[:1] != ["--fuzz"] or len(args) < 3:
        sys.exit(__doc__)
    cls_scripts.fuzz(int(args[1]), int(args[2]), args[3] if len(args) > 3 else "/tmp/layers-fuzz", 0, 0.0,
                     make=script, prefix="l")


if __name__ == "__main__":
    main()
