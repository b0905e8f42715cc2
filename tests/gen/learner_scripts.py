#!/usr/bin/python3
"""learner_scripts.py - random scripts of what a learner of chapter 3 and
Karpathy's lecture writes beyond cls_scripts.py's snippets, checked against
real PyTorch 1.13 by cls_scripts.py's differential runner.

Kinds: xbow loops with tril/triu/masked_fill/softmax variants; `@` chains;
torch.manual_seed again mid-script (draws compared across reseeds); view/
transpose/contiguous chains (shapes, strides, is_contiguous); .shape
unpacking; lists built in `for i in range(T)` then torch.stack/torch.cat;
f-string format specs of tensors' items (and of 0-d tensors); printing lists
and tuples of tensors; nested modules (a class holding a ModuleList of
classes and a Sequential), print(model), parameter counting; lazy
enumerate/zip over generators; flip.  The fuzz adds (SNIPPETS_FUZZ) dict
configs with **kwargs and *args, late binding of comprehension names, float
torch.arange, type(x).__name__ and Module.to.

    /usr/bin/python3 tests/gen/learner_scripts.py --fuzz COUNT SEED [DIR [TRACE_SHARE]]
        the differential run: mismatches to stdout, want/got files in DIR
    /usr/bin/python3 tests/gen/learner_scripts.py --batch [COUNT]
        tests/run/learner-NNN.py (seed 23) and their goldens (run_cases.py)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cls_scripts  # noqa: E402

HEAD = """import torch
import torch.nn as nn
from torch.nn import functional as F
"""


def s_xbow(g):
    r = g.r
    b, t, c = r.randint(1, 3), r.randint(1, 5), r.randint(1, 4)
    g.add("torch.manual_seed(%d)" % r.randrange(2000),
          "B, T, C = %d, %d, %d" % (b, t, c),
          "x = torch.randn(B, T, C)")
    mask = r.choice(["torch.tril(torch.ones(T, T)) == 0", "torch.ones(T, T).tril() == 0",
                     "torch.triu(torch.ones(T, T), diagonal=1).bool()", "~torch.ones(T, T, dtype=torch.bool).tril()",
                     "torch.ones(T, T).triu(1) == 1"])
    fill = r.choice(["float('-inf')", "-1e9", "-float('inf')", "float(\"-inf\")"])
    soft = r.choice(["F.softmax(wei, dim=-1)", "torch.softmax(wei, dim=1)", "wei.softmax(-1)", "F.softmax(wei, -1)",
                     "torch.exp(wei) / torch.exp(wei).sum(-1, keepdim=True)"])
    g.add("wei = torch.zeros(T, T)" if r.random() < 0.5 else "wei = torch.randn(T, T)",
          "wei = wei.masked_fill(%s, %s)" % (mask, fill) if r.random() < 0.7 else
          "wei.masked_fill_(%s, %s)" % (mask, fill),
          "wei = %s" % soft,
          "out = wei @ x",
          r.choice(["print(wei)", "print(out)", "print(out.shape, wei.sum(1))", "print(out[%d])" % r.randrange(b)]))
    if r.random() < 0.5:
        g.add("outs = []",
              "for t in range(T):",
              "    outs.append(x[:, :t + 1].mean(%s))" % r.choice(["1", "dim=1", "-2"]),
              "xbow = torch.stack(outs, dim=1)",
              "print(xbow.shape, torch.allclose(xbow, (torch.tril(torch.ones(T, T)) / torch.arange(1, T + 1).view(T, 1)) @ x))")


def s_chain(g):
    r = g.r
    n, m, k, p = (r.randint(1, 4) for _ in range(4))
    g.add("a = %s" % g.data(n, m), "b = %s" % g.data(m, k), "c = %s" % g.data(k, p))
    g.add(r.choice(["print(a @ b @ c)", "print((a @ b) @ c - a @ (b @ c))", "print(a @ b @ c * 2 + 1)",
                    "print((a @ b).T @ a)", "print(a @ b @ c @ c.T)", "print(a.T.T @ b, (a @ b).sum(0))",
                    "print(c.T @ b.T @ a.T)"]))
    if r.random() < 0.4:
        g.add("W = torch.randn(%d, %d)" % (p, m), "bias = torch.zeros(%d)" % p,
              "print(a @ W.T + bias)")


def s_reseed(g):
    r = g.r
    s1, s2 = r.randrange(5000), r.randrange(5000)
    f = r.choice(["torch.rand(%d)" % r.randint(1, 4), "torch.randn(%d, %d)" % (r.randint(1, 3), r.randint(1, 3)),
                  "torch.randint(0, 10, (%d,))" % r.randint(1, 5) if False else "torch.rand(2, 2)"])
    g.add("torch.manual_seed(%d)" % s1,
          "u1 = %s" % f,
          "u2 = %s" % f,
          "torch.manual_seed(%d)" % (s1 if r.random() < 0.6 else s2),
          "v1 = %s" % f,
          "print(torch.equal(u1, v1), torch.equal(u2, v1))",
          "print(u1, v1)",
          "print(torch.initial_seed())")
    if r.random() < 0.5:
        g.add("lin = nn.Linear(%d, %d)" % (r.randint(1, 3), r.randint(1, 3)),
              "torch.manual_seed(%d)" % s2,
              "lin2 = nn.Linear(lin.in_features, lin.out_features)",
              "print(lin2.weight, torch.equal(lin.weight, lin2.weight))")


def s_views(g):
    r = g.r
    b, t, h, d = r.randint(1, 2), r.randint(1, 3), r.randint(1, 3), r.randint(1, 2)
    g.add("x = torch.arange(%d).float().view(%d, %d, %d)" % (b * t * h * d, b, t, h * d),
          "B, T, HD = x.shape",
          "q = x.view(B, T, %d, %d)" % (h, d),
          "q = q.transpose(1, 2)",
          "print(q.shape, q.stride(), q.is_contiguous())")
    v = r.randrange(4)
    if v == 0:
        g.add("y = q.contiguous().view(B * %d, T, %d)" % (h, d), "print(y, y.is_contiguous())")
    elif v == 1:
        g.add("y = q.transpose(1, 2).contiguous().view(B, T, HD)", "print(torch.equal(y, x), y.stride())")
    elif v == 2:
        g.add("y = q.reshape(B, -1)", "print(y.shape, y)")
    else:
        g.add("y = q.permute(0, 2, 1, 3).flatten(2)", "print(y.shape, torch.equal(y, x), y.view(-1)[:3])")
    if r.random() < 0.08:
        g.add("print(q.view(B, -1))")  # a view of a non-contiguous tensor: PyTorch's error
    g.add("b_, t_ = x.shape[:2]", "n, = x.flatten().shape", "*lead, last = x.shape" if r.random() < 0.2 else "lead = x.shape[:-1]",
          "print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))")


def s_stack(g):
    r = g.r
    t, c = r.randint(1, 5), r.randint(1, 3)
    a = g.name("seq")
    g.add("%s = %s" % (a, g.data(t, c)), "rows = []", "T = %s.shape[0]" % a,
          "for i in range(T):",
          "    rows.append(%s)" % r.choice(["%s[i] * i" % a, "%s[:i + 1].sum(0)" % a, "%s[i].softmax(0)" % a,
                                            "%s[max(i - 1, 0):i + 1].mean(dim=0)" % a]))
    how = r.randrange(4)
    if how == 0:
        g.add("out = torch.stack(rows)")
    elif how == 1:
        g.add("out = torch.stack(rows, dim=1)")
    elif how == 2:
        g.add("out = torch.cat(rows)")
    else:
        g.add("out = torch.cat([v.unsqueeze(0) for v in rows], dim=0)")
    g.add("print(out.shape)", r.choice(["print(out)", "print(rows)", "print(rows[-1], len(rows))",
                                        "print([v.shape for v in rows])", "print(tuple(rows[:2]))"]))


def s_fmt(g):
    r = g.r
    a = g.name("w")
    rows, cols = r.randint(1, 3), r.randint(1, 3)
    g.add("%s = %s" % (a, g.data(rows, cols)))
    spec = g.spec()
    v = r.randrange(5)
    if v == 0:
        g.add("for i in range(%d):" % rows,
              "    for j in range(%d):" % cols,
              "        print(f\"{i}{j}: {%s[i, j].item():%s}\")" % (a, spec))
    elif v == 1:
        g.add("print(f\"sum={%s.sum():%s} max={%s.max():%s}\")" % (a, spec, a, g.spec()))
    elif v == 2:
        g.add("for i, row in enumerate(%s):" % a,
              "    print(f\"{i:3d}|{row.mean().item():8.4f}|{row.norm():.3e}\")")
    elif v == 3:
        g.add("vals = [f\"{z:%s}\" for z in %s.flatten().tolist()]" % (spec, a), "print(\", \".join(vals))")
    else:
        g.add("print(f\"{%s[0, 0]:%s} {%s[0]} {%s.shape} {%s.dtype}\")" % (a, spec, a, a, a))


def s_lists(g):
    r = g.r
    a, b = g.name("t"), g.name("u")
    g.add("%s = %s" % (a, g.data(r.randint(1, 3), r.randint(1, 3))), "%s = torch.arange(%d)" % (b, r.randint(1, 4)))
    g.add(r.choice(["print([%s, %s])" % (a, b), "print((%s, %s))" % (a, b), "print([%s[0], %s.sum()])" % (a, a),
                    "print(list(%s))" % a, "print([x * 2 for x in %s])" % b, "print(%s.tolist(), %s.tolist())" % (a, b),
                    "print(str([%s]), repr((%s,)))" % (b, b), "print([%s.shape, %s.size()])" % (a, b)]))


def s_nested(g):
    r = g.r
    d, h, nl = r.randint(2, 4), r.randint(1, 3), r.randint(1, 3)
    p = r.choice(["0.0", "0.1", "0.5"])
    cls = g.name("Block")
    g.add("class %s(nn.Module):" % cls,
          "    def __init__(self, d, h):",
          "        super().__init__()",
          "        self.heads = nn.ModuleList([nn.Linear(d, d, bias=%s) for _ in range(h)])" % r.choice(["False", "True"]),
          "        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.Dropout(%s), nn.Linear(2 * d, d))" % p,
          "    def forward(self, x):",
          "        for head in self.heads:",
          "            x = x + head(x)",
          "        return self.ff(x)",
          "",
          "class Model%s(nn.Module):" % cls,
          "    def __init__(self):",
          "        super().__init__()",
          "        self.blocks = nn.Sequential(*[%s(%d, %d) for _ in range(%d)])" % (cls, d, h, nl),
          "        self.out = nn.Linear(%d, 1)" % d,
          "    def forward(self, x):",
          "        return self.out(self.blocks(x))",
          "",
          "torch.manual_seed(%d)" % r.randrange(1000),
          "model = Model%s()" % cls)
    extra = r.sample(range(6), r.randint(2, 4))
    for e in extra:
        if e == 0:
            g.add("print(model)")
        elif e == 1:
            g.add("print(sum(p.numel() for p in model.parameters()), sum(p.numel() for p in model.parameters() if p.requires_grad))")
        elif e == 2:
            g.add("for name, prm in model.named_parameters():", "    print(name, tuple(prm.shape))")
        elif e == 3:
            g.add("model.eval()", "print(model(torch.ones(2, %d)))" % d)
        elif e == 4:
            g.add("print(model.blocks[0], len(model.blocks), len(model.blocks[0].heads))")
        else:
            g.add("print(f\"{sum(p.numel() for p in model.parameters()) / 1e3:.2f}K params\")")


def s_lazy(g):
    r = g.r
    n = r.randint(0, 4)
    g.add("def noisy(v):", "    print('made', v)", "    return v",
          "gen = (noisy(v) for v in range(%d))" % n,
          "pairs = %s" % r.choice(["enumerate(gen)", "zip(gen, 'abcd')", "zip('ab', gen)", "enumerate(gen, 1)"]),
          "print(next(pairs, None))",
          "for item in pairs:", "    print('got', item)", "    break",
          "print(list(pairs))")
    if r.random() < 0.5:
        g.add("x = torch.arange(%d).float()" % r.randint(1, 5), "print(x.flip(0), torch.flip(x.view(1, -1), [0, 1]))")


def s_config(g):
    r = g.r
    emb, heads = r.choice([4, 6, 8]), r.choice([1, 2])
    g.add('cfg = {"vocab_size": %d, "context_length": %d, "emb_dim": %d, "n_heads": %d, "drop_rate": %r, "qkv_bias": %s}'
          % (r.randint(10, 60), r.randint(2, 6), emb, heads, r.choice([0.0, 0.1, 0.5]), r.choice(["True", "False"])),
          "class Block(nn.Module):",
          "    def __init__(self, cfg, *extra, **kw):",
          "        super().__init__()",
          '        self.lin = nn.Linear(cfg["emb_dim"], cfg["emb_dim"], bias=cfg["qkv_bias"])',
          '        self.drop = nn.Dropout(cfg["drop_rate"])',
          "        self.extra, self.kw = extra, kw",
          "    def forward(self, x, **opts):",
          '        return self.drop(self.lin(x)) * opts.get("scale", 1.0)',
          "blk = Block(cfg, %s)" % r.choice(["", "1, 2", "name='b'", "3, flag=True"]),
          "print(blk.extra, blk.kw, len(cfg), 'emb_dim' in cfg)",
          'x = torch.randn(2, cfg["emb_dim"])',
          "print(blk(x, **%s))" % r.choice(["{}", "{'scale': 2.0}", "dict(scale=0.5)"]))
    e = r.randint(0, 4)
    if e == 0:
        g.add("print(cfg)", "print(sorted(cfg.keys()) if False else list(cfg.items())[:2])")
    elif e == 1:
        g.add("new_cfg = dict(cfg)", 'new_cfg.update({"emb_dim": 2, "n_layers": 1})', "print(new_cfg, cfg['emb_dim'])")
    elif e == 2:
        g.add("sizes = {k: v for k, v in cfg.items() if isinstance(v, int)}", "print(sizes)",
              "for k in sizes:", "    sizes[k] += 1", "print(sizes.get('n_heads'), sizes.get('zzz', -1))")
    elif e == 3:
        g.add("counts = {}", "for w in 'the cat the dog the end'.split():",
              "    counts[w] = counts.get(w, 0) + 1", "print(counts, {name: p.shape for name, p in blk.named_parameters()})")
    else:
        g.add("def total(*xs, start=0, **named):", "    return sum(xs) + start + sum(named.values())",
              "print(total(1, 2, 3), total(*range(4), start=10, a=1), total(**{'b': 5}))")


def s_late(g):
    r = g.r
    n = r.randint(1, 4)
    g.add("gs = [(i * j for j in range(%d)) for i in range(%d)]" % (r.randint(0, 3), n),
          "print([list(g) for g in gs])",
          "outer = ((k + j for j in range(2)) for k in range(%d))" % n,
          "inners = list(outer)", "print([list(x) for x in inners])")


def s_arange(g):
    r = g.r
    a = r.choice(["3.", "0, 1, 0.1", "1, 2.5", "-1.5, 2, 0.25", "%d, %d, %r" % (r.randint(-3, 0), r.randint(1, 4), r.choice([0.3, 0.7, 0.125]))])
    g.add("t = torch.arange(%s)" % a, "print(t, t.dtype, t.tolist())",
          "print(type(t).__name__, type(%s).__name__)" % r.choice(["1", "1.5", "'s'", "[t]", "(t,)", "{}", "nn.Linear(1, 1)"]))
    if r.random() < 0.5:
        g.add("m = nn.Linear(2, 2).to(torch.float64)", "print(m.weight.dtype, m.to(dtype=torch.float32).bias.dtype)")


def s_lambda(g):
    r = g.r
    n = r.randint(1, 4)
    word = "".join(r.choice("abcde ") for _ in range(r.randint(3, 9)))
    g.add("chars = sorted(list(%r))" % word, "stoi = {ch: i for i, ch in enumerate(chars)}",
          "itos = {i: ch for i, ch in enumerate(chars)}",
          "encode = lambda s: [stoi[c] for c in s]", "decode = lambda l: ''.join([itos[i] for i in l])",
          "print(encode(%r), decode(encode(%r)))" % (word, word[::-1]))
    g.add("fs = [lambda x%s: x * i for i in range(%d)]" % (r.choice(["", ", i=i"]), n),
          "print([f(%d) for f in fs])" % r.randint(-3, 3),
          "k = lambda *a, s=%d, **kw: (sum(a) + s, sorted(kw))" % r.randint(0, 5),
          "print(k(%s))" % r.choice(["", "1, 2", "z=1, y=2", "3, q=0"]),
          "print(sorted(%r, key=lambda v: %s))" % ([r.randint(-5, 5) for _ in range(n + 2)],
                                                   r.choice(["abs(v)", "-v", "(v % 3, v)", "v * v"])),
          "sq = lambda t: (t ** 2).sum(dim=%d)" % r.choice([0, -1]),
          "print(sq(torch.randn(%d, %d)))" % (r.randint(1, 3), r.randint(1, 3)))


SNIPPETS = [s_xbow, s_chain, s_reseed, s_views, s_stack, s_fmt, s_lists, s_nested, s_lazy]
# round 7's (dicts, *args/**kwargs, late binding, float arange, __name__, Module.to) and round 8's
# (lambda): in the fuzz only, so that
# --batch's learner-NNN scripts stay the ones committed
SNIPPETS_FUZZ = SNIPPETS + [s_config, s_late, s_arange, s_lambda]


def script(r, snippets=SNIPPETS):
    g = cls_scripts.Gen(r)
    for _ in range(r.randint(2, 5)):
        r.choice(snippets)(g)
    return HEAD + "\ntorch.manual_seed(0)\n" + "\n".join(g.lines) + "\n"


def script_fuzz(r):
    return script(r, SNIPPETS_FUZZ)


def main():
    args = sys.argv[1:]
    if args[:1] == ["--fuzz"]:
        cls_scripts.fuzz(int(args[1]), int(args[2]), args[3] if len(args) > 3 else "/tmp/learner-fuzz", 0,
                         float(args[4]) if len(args) > 4 else 0.2, make=script_fuzz, prefix="l")
    elif args[:1] == ["--batch"]:
        cls_scripts.batch(int(args[1]) if len(args) > 1 else 24, make=script, name="learner")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
