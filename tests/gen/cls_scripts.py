#!/usr/bin/python3
"""cls_scripts.py - writes tests/run/cls-rand-N.py: the book's classes
(SelfAttention_v1, SelfAttention_v2, CausalAttention,
MultiHeadAttentionWrapper, MultiHeadAttention) and Karpathy's Head, with
sizes, seeds, dropout, bias and train/eval drawn at random (Python's
random, seeded: the same scripts every time), then their expected
outputs from real PyTorch 1.13 through run_cases.py.

    /usr/bin/python3 tests/gen/cls_scripts.py [COUNT]   (default 12)
    cls_scripts.py --fuzz COUNT SEED [DIR [NOTEBOOKS [TRACE]]]   the differential
        run (see fuzz() below): mismatches to stdout, want/got files in DIR
    cls_scripts.py --batch [COUNT [START]]   tests/run/fuzz-NNN.py (seed 23) and their goldens
"""
import ast
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_cases  # noqa: E402

CLASSES = '''import torch
import torch.nn as nn
from torch.nn import functional as F


class SelfAttention_v1(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.W_query = nn.Parameter(torch.rand(d_in, d_out))
        self.W_key   = nn.Parameter(torch.rand(d_in, d_out))
        self.W_value = nn.Parameter(torch.rand(d_in, d_out))

    def forward(self, x):
        keys = x @ self.W_key
        queries = x @ self.W_query
        values = x @ self.W_value
        attn_scores = queries @ keys.T
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        return attn_weights @ values


class SelfAttention_v2(nn.Module):
    def __init__(self, d_in, d_out, qkv_bias=False):
        super().__init__()
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key   = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)

    def forward(self, x):
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.T
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        return attn_weights @ values


class CausalAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False):
        super().__init__()
        self.d_out = d_out
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key   = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer('mask', torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.transpose(1, 2)
        attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = attn_weights @ values
        return context_vec


class MultiHeadAttentionWrapper(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        self.heads = nn.ModuleList()
        for _ in range(num_heads):
            self.heads.append(CausalAttention(d_in, d_out, context_length, dropout, qkv_bias))

    def forward(self, x):
        outs = []
        for head in self.heads:
            outs = outs + [head(x)]
        return torch.cat(outs, dim=-1)


class MultiHeadAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        assert (d_out % num_heads == 0), "d_out must be divisible by num_heads"
        self.d_out = d_out
        self.num_heads = num_heads
        self.head_dim = d_out // num_heads
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        keys = keys.view(b, num_tokens, self.num_heads, self.head_dim)
        values = values.view(b, num_tokens, self.num_heads, self.head_dim)
        queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)
        keys = keys.transpose(1, 2)
        queries = queries.transpose(1, 2)
        values = values.transpose(1, 2)
        attn_scores = queries @ keys.transpose(2, 3)
        mask_bool = self.mask.bool()[:num_tokens, :num_tokens]
        attn_scores.masked_fill_(mask_bool, -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = (attn_weights @ values).transpose(1, 2)
        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
        context_vec = self.out_proj(context_vec)
        return context_vec


class Head(nn.Module):
    """ one head of self-attention """

    def __init__(self, n_embd, head_size, block_size, dropout):
        super().__init__()
        self.key = nn.Linear(n_embd, head_size, bias=False)
        self.query = nn.Linear(n_embd, head_size, bias=False)
        self.value = nn.Linear(n_embd, head_size, bias=False)
        self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        B, T, C = x.shape
        k = self.key(x)
        q = self.query(x)
        wei = q @ k.transpose(-2, -1) * C**-0.5
        wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))
        wei = F.softmax(wei, dim=-1)
        wei = self.dropout(wei)
        v = self.value(x)
        out = wei @ v
        return out


def count(m):
    n = 0
    for p in m.parameters():
        n += p.numel()
    return n
'''


def body(r):
    """the lines after the classes: one model of each kind, random sizes"""
    lines = []
    seed = r.randrange(0, 100000)
    b, t, d_in = r.randint(1, 3), r.randint(1, 7), r.randint(1, 6)
    heads = r.randint(1, 3)
    d_out = heads * r.randint(1, 3)
    ctx = t + r.randint(0, 3)
    p = r.choice(["0.0", "0.0", "0.1", "0.5", "0.25"])
    bias = r.choice(["False", "True"])
    lines.append("torch.manual_seed(%d)" % seed)
    lines.append("x = torch.rand(%d, %d, %d)" % (b, t, d_in))
    lines.append("inputs = x[0]")
    lines.append("sa1 = SelfAttention_v1(%d, %d)" % (d_in, d_out))
    lines.append("print(sa1(inputs))")
    lines.append("sa2 = SelfAttention_v2(%d, %d, qkv_bias=%s)" % (d_in, d_out, bias))
    lines.append("print(sa2(inputs))")
    lines.append("print(sa2)")
    lines.append("ca = CausalAttention(%d, %d, %d, %s, %s)" % (d_in, d_out, ctx, p, bias))
    lines.append("print(ca(x))")
    if r.random() < 0.5:
        lines.append("ca.eval()")
        lines.append("print(ca(x))")
        lines.append("print(ca.training, ca.dropout.training)")
    lines.append("print(ca)")
    lines.append("wrap = MultiHeadAttentionWrapper(%d, %d, %d, %s, num_heads=%d, qkv_bias=%s)" %
                 (d_in, d_out, ctx, p, heads, bias))
    lines.append("print(wrap(x))")
    lines.append("print(wrap)")
    lines.append("mha = MultiHeadAttention(%d, %d, %d, %s, %d)" % (d_in, d_out, ctx, p, heads))
    if r.random() < 0.5:
        lines.append("mha.train(False)")
    lines.append("print(mha(x))")
    lines.append("print(count(sa1), count(sa2), count(ca), count(wrap), count(mha))")
    lines.append("for name, q in mha.named_parameters():")
    lines.append("    print(name, q.shape)")
    lines.append("head = Head(%d, %d, %d, %s)" % (d_in, d_out, ctx, p))
    lines.append("print(head(x))")
    lines.append("print(head)")
    lines.append("seq = nn.Sequential(nn.Linear(%d, %d), nn.Dropout(%s), nn.Linear(%d, %d, bias=%s))" %
                 (d_in, d_out, p, d_out, d_in, bias))
    lines.append("print(seq(x))")
    lines.append("print(seq, len(seq), seq[-1].weight.shape)")
    return "\n".join(lines) + "\n"



# ---------------------------------------------------------------------------
# The differential generator (issue 23's outside check): random scripts in the
# style of the seed notebooks, the classes above with other sizes, seeds,
# dropout, train/eval, a catalogued mistake written into a forward, and the
# Python around them (f-strings with specs, comprehensions, zip/enumerate,
# while/break, nested defs, keyword and default arguments, slicing, views,
# tolist/item/round, max/min, shapes, set_printoptions).  fuzz_script(r) is one
# script; `--fuzz N SEED` runs N of them against real PyTorch and --run (and a
# share as notebooks and --trace) and reports each mismatch; `--batch` writes
# the committed fixed-seed batch tests/run/fuzz-NNN.py with goldens.

# (class, old text, new text): a mistake written into a forward, the same
# line count (tests/gen/trace_classes.py's catalogue on the classes above)
SCALE = "attn_scores / keys.shape[-1]**0.5, dim=-1"
MISTAKES = [
    ("SelfAttention_v2", "attn_weights = torch.softmax(" + SCALE, "attn_weights = torch.softmax(attn_scores, dim=-1"),
    ("SelfAttention_v2", "attn_weights = torch.softmax(" + SCALE,
     "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=0"),
    ("SelfAttention_v2", "        attn_scores = queries @ keys.T\n        attn_weights = torch.softmax(",
     "        attn_scores = keys @ queries.T\n        attn_weights = torch.softmax("),
    ("CausalAttention", "-torch.inf)\n        attn_weights = torch.softmax(" + SCALE,
     "0)\n        attn_weights = torch.softmax(" + SCALE),
    ("CausalAttention", "masked_fill_(self.mask.bool()[:num_tokens, :num_tokens]",
     "masked_fill_(self.mask.bool().T[:num_tokens, :num_tokens]"),
    ("CausalAttention", "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n        attn_weights = self",
     "attn_weights = torch.softmax(attn_scores / keys.shape[-1], dim=-1)\n        attn_weights = self"),
    ("CausalAttention", "attn_weights = self.dropout(attn_weights)\n        context_vec = attn_weights @ values",
     "attn_weights = self.dropout(attn_weights) * 0.5\n        context_vec = attn_weights @ values"),
    ("CausalAttention", "attn_scores = queries @ keys.transpose(1, 2)", "attn_scores = queries @ keys.transpose(0, 2)"),
    ("MultiHeadAttention", "(attn_weights @ values).transpose(1, 2)", "(attn_weights @ values)"),
    ("MultiHeadAttention", "context_vec = self.out_proj(context_vec)", "context_vec = context_vec"),
    ("MultiHeadAttention", "attn_scores = queries @ keys.transpose(2, 3)", "attn_scores = queries @ keys.transpose(1, 2)"),
    ("MultiHeadAttention", "attn_scores.masked_fill_(mask_bool, -torch.inf)", "attn_scores.masked_fill(mask_bool, -torch.inf)"),
    ("MultiHeadAttention", "keys = keys.view(b, num_tokens, self.num_heads, self.head_dim)",
     "keys = keys.view(b, self.num_heads, num_tokens, self.head_dim)"),
    ("MultiHeadAttention", "context_vec.contiguous().view(b, num_tokens, self.d_out)",
     "context_vec.view(b, num_tokens, self.d_out)"),
    ("Head", "wei = q @ k.transpose(-2, -1) * C**-0.5", "wei = q @ k.transpose(-2, -1)"),
    ("Head", "wei = F.softmax(wei, dim=-1)", "wei = F.softmax(wei, dim=1)"),
    ("Head", "self.tril[:T, :T] == 0", "self.tril[:T, :T] == 1"),
    ("Head", "k = self.key(x)", "k = self.key(x.T)"),
    ("SelfAttention_v1", "values = x @ self.W_value", "values = x @ self.W_value.T"),
    ("SelfAttention_v1", "return attn_weights @ values", "return attn_weights * values"),
]


class Gen:
    """one script's lines and the names it has made"""

    def __init__(self, r):
        self.r = r
        self.lines = []
        self.n = 0

    def name(self, base):
        self.n += 1
        return "%s%d" % (base, self.n)

    def add(self, *lines):
        self.lines.extend(lines)

    def dims(self):
        r = self.r
        return r.randint(1, 3), r.randint(1, 6), r.randint(1, 6)

    def data(self, rows, cols):
        r = self.r
        k = r.random()
        if k < 0.35:
            return "torch.rand(%d, %d)" % (rows, cols)
        if k < 0.6:
            return "torch.randn(%d, %d)" % (rows, cols)
        vals = ", ".join("[%s]" % ", ".join("%.2f" % r.uniform(-1, 1) for _ in range(cols)) for _ in range(rows))
        return "torch.tensor([%s])" % vals

    def spec(self):
        return self.r.choice([".4f", ".2f", ">8.3f", "<7.1f", "+.3f", ".3e", "^9.2f", "", ".1%", "10.5f", "g"])


def s_softmax(g):
    r = g.r
    t, d = r.randint(1, 6), r.randint(1, 5)
    x, f = g.name("inputs"), g.name("softmax_naive")
    g.add("%s = %s" % (x, g.data(t, d)),
          "def %s(v, dim=0):" % f,
          "    return torch.exp(v) / torch.exp(v).sum(dim=dim)",
          "query = %s[%d]" % (x, r.randrange(t)),
          "attn_scores_2 = torch.empty(%s.shape[0])" % x,
          "for i, x_i in enumerate(%s):" % x,
          "    attn_scores_2[i] = torch.dot(x_i, query)")
    if r.random() < 0.5:
        g.add("    print(f\"{i}: {attn_scores_2[i]:%s}\")" % g.spec())
    g.add("w = %s(attn_scores_2)" % f,
          "print(\"Attention weights:\", w)",
          "print(\"Sum:\", w.sum())",
          "print(torch.softmax(attn_scores_2, dim=0))")
    if r.random() < 0.5:
        g.add("context_vec_2 = torch.zeros(query.shape)",
              "for i, x_i in enumerate(%s):" % x,
              "    context_vec_2 += w[i] * x_i",
              "print(context_vec_2)")
    if r.random() < 0.5:
        g.add("scores = torch.empty(%d, %d)" % (t, t),
              "for i, x_i in enumerate(%s):" % x,
              "    for j, x_j in enumerate(%s):" % x,
              "        scores[i, j] = torch.dot(x_i, x_j)",
              "print(scores)",
              "print(torch.allclose(scores, %s @ %s.T))" % (x, x),
              "aw = torch.softmax(scores, dim=%d)" % r.choice([-1, 0, 1]),
              "print(\"All row sums:\", aw.sum(dim=-1))",
              "print(aw @ %s)" % x)


def s_module(g):
    r = g.r
    b, t, d_in = g.dims()
    heads = r.randint(1, 3)
    d_out = heads * r.randint(1, 3)
    ctx = t + r.randint(0, 3)
    p = r.choice(["0.0", "0.0", "0.1", "0.5", "0.25", "0.75"])
    bias = r.choice(["False", "True"])
    m, x = g.name("m"), g.name("x")
    kind = r.choice(["v1", "v2", "ca", "wrap", "mha", "head", "seq"])
    if r.random() < 0.5:
        g.add("torch.manual_seed(%d)" % r.choice([123, 789, 1337, 42, 0, r.randrange(10000)]))
    if kind in ("v1", "v2"):
        g.add("%s = %s" % (x, g.data(t, d_in)))
        if kind == "v1":
            g.add("%s = SelfAttention_v1(%d, %d)" % (m, d_in, d_out))
        else:
            g.add("%s = SelfAttention_v2(%d, d_out=%d, qkv_bias=%s)" % (m, d_in, d_out, bias))
    else:
        g.add("%s = torch.stack((%s, %s), dim=0)" % (x, g.data(t, d_in), g.data(t, d_in)) if r.random() < 0.3
              else "%s = torch.rand(%d, %d, %d)" % (x, b, t, d_in))
        if kind == "ca":
            g.add("%s = CausalAttention(%d, %d, %d, %s, qkv_bias=%s)" % (m, d_in, d_out, ctx, p, bias))
        elif kind == "wrap":
            g.add("%s = MultiHeadAttentionWrapper(%d, %d, %d, %s, num_heads=%d)" % (m, d_in, d_out, ctx, p, heads))
        elif kind == "mha":
            g.add("%s = MultiHeadAttention(%d, %d, %d, %s, %d, %s)" % (m, d_in, d_out, ctx, p, heads, bias))
        elif kind == "head":
            g.add("%s = Head(%d, %d, %d, %s)" % (m, d_in, d_out, ctx, p))
        else:
            g.add("%s = nn.Sequential(nn.Linear(%d, %d), nn.Dropout(%s), nn.Linear(%d, %d, bias=%s))" %
                  (m, d_in, d_out, p, d_out, d_in, bias))
    mode = r.random()
    if mode < 0.3:
        g.add("%s.eval()" % m)
    elif mode < 0.4:
        g.add("_ = %s.train(%s)" % (m, r.choice(["False", "True"])))
    out = g.name("out")
    if r.random() < 0.4:
        g.add("with torch.no_grad():", "    %s = %s(%s)" % (out, m, x))
    else:
        g.add("%s = %s(%s)" % (out, m, x))
    g.add(r.choice(["print(%s)" % out, "print(%s.shape)" % out, "print(\"out:\", %s.shape, %s)" % (out, out),
                    "print(f\"{%s.shape}\")" % out, "print(%s[0])" % out]))
    extra = r.sample(range(8), r.randint(1, 4))
    for e in extra:
        if e == 0:
            g.add("print(%s)" % m)
        elif e == 1:
            g.add("print(sum(p.numel() for p in %s.parameters()))" % m)
        elif e == 2:
            g.add("for name, p in %s.named_parameters():" % m,
                  "    print(f\"{name:%s} {tuple(p.shape)} {p.numel():%s}\")" %
                  (r.choice(["", "<20", ">18", "^16"]), r.choice(["", "4d", ">5", ","])))
        elif e == 3:
            g.add("print(%s.training, [c.training for c in %s.children()])" % (m, m))
        elif e == 4:
            g.add("print(count(%s), len(list(%s.parameters())))" % (m, m))
        elif e == 5:
            g.add("print(%s.requires_grad)" % out)
        elif e == 6:
            g.add("print([round(v, %d) for v in %s.flatten().tolist()][:%d])" % (r.randint(0, 4), out, r.randint(1, 6)))
        else:
            g.add("print(type(%s), isinstance(%s, nn.Module))" % (m, m))


def s_xbow(g):
    r = g.r
    b, t, c = r.randint(1, 3), r.randint(1, 6), r.randint(1, 4)
    g.add("torch.manual_seed(%d)" % r.choice([1337, 42, r.randrange(1000)]),
          "B, T, C = %d, %d, %d" % (b, t, c),
          "x = torch.randn(B, T, C)",
          "xbow = torch.zeros((B, T, C))",
          "for b in range(B):",
          "    for t in range(T):",
          "        xprev = x[b, :t + 1]",
          "        xbow[b, t] = torch.mean(xprev, 0)",
          "print(xbow[%d])" % r.randrange(b))
    v = r.randrange(3)
    if v == 0:
        g.add("wei = torch.tril(torch.ones(T, T))",
              "wei = wei / wei.sum(1, keepdim=True)",
              "xbow2 = wei @ x")
    elif v == 1:
        g.add("tril = torch.tril(torch.ones(T, T))",
              "wei = torch.zeros((T, T))",
              "wei = wei.masked_fill(tril == 0, float('-inf'))",
              "wei = F.softmax(wei, dim=-1)",
              "xbow2 = wei @ x")
    else:
        g.add("a = torch.tril(torch.ones(T, T))",
              "a = a / torch.sum(a, 1, keepdim=True)",
              "xbow2 = a @ x")
    g.add("print(torch.allclose(xbow, xbow2), (xbow - xbow2).abs().max().item() < 1e-6)",
          r.choice(["print(wei)" if v < 2 else "print(a)", "print(xbow2.shape)", "print(xbow2[-1])"]))
    if r.random() < 0.5:
        hs = r.randint(1, 4)
        g.add("key = nn.Linear(C, %d, bias=False)" % hs,
              "query = nn.Linear(C, %d, bias=False)" % hs,
              "k = key(x)",
              "q = query(x)",
              "wei = q @ k.transpose(-2, -1) * %d**-0.5" % hs,
              "wei = wei.masked_fill(torch.tril(torch.ones(T, T)) == 0, float('-inf'))",
              "wei = F.softmax(wei, dim=-1)",
              "print(wei[0])",
              "print(k.var(), q.var(), wei.var())" if r.random() < 0.5 else "print(wei.sum(-1))")


def s_python(g):
    r = g.r
    v = r.randrange(8)
    a, t = g.name("a"), r.randint(2, 6)
    g.add("%s = %s" % (a, g.data(t, r.randint(1, 4))))
    if v == 0:
        g.add("vals = %s.flatten().tolist()" % a,
              "print(max(vals), min(vals), round(sum(vals), %d))" % r.randint(0, 5),
              "print([f\"{z:%s}\" for z in vals if z > %s])" % (g.spec(), r.choice(["0", "0.5", "-0.2"])))
    elif v == 1:
        g.add("i = 0", "total = 0.0",
              "while True:",
              "    total += %s[i].sum().item()" % a,
              "    i += 1",
              "    if i >= %d or total > %s:" % (r.randint(1, t + 1), r.choice(["1.0", "2.5", "100"])),
              "        break",
              "print(i, round(total, 4), f\"{total:.{%d}f}\")" % r.randint(0, 6))
    elif v == 2:
        f = g.name("scale")
        g.add("def %s(v, by=2.0, shift=0.0):" % f,
              "    def inner(w):",
              "        return w * by + shift",
              "    return inner(v)",
              "print(%s(%s, shift=%s))" % (f, a, r.choice(["1", "0.5", "-1.0"])),
              "print(%s(%s, %s).shape, %s(v=%s[0], by=3))" % (f, a, r.choice(["0.1", "3"]), f, a))
    elif v == 3:
        g.add("for k, (u, w) in enumerate(zip(%s, %s * 2)):" % (a, a),
              "    print(k, f\"{u.sum():%s}\", (u - w).tolist())" % g.spec())
    elif v == 4:
        g.add("y = %s.view(-1).view(%s)" % (a, r.choice(["1, -1", "-1, 1", "%d, -1" % t])),
              "print(y.shape, y.is_contiguous(), y.transpose(0, 1).is_contiguous())",
              "z = %s.T.contiguous()" % a,
              "print(z, z.view(-1)[%s])" % r.choice(["0", "-1", "1:3", "::2", ":"]))
    elif v == 5:
        g.add("print(%s[%s])" % (a, r.choice(["0", "-1", "1:", ":, 0", "..., -1", "::2", "1:3, :1", "1:, -1"])),
              "print(%s[%s].shape, %s.size(0), %s.dim())" % (a, r.choice(["0", "1:", ":, :1"]), a, a))
    elif v == 6:
        g.add("rows = [r.sum().item() for r in %s]" % a,
              "best = max(rows)",
              "print(len(rows), f\"{best:{%d}.{%d}f}\", [int(v > 0) for v in rows])" % (r.randint(1, 10), r.randint(0, 4)))
    else:
        n = r.randint(1, 5)
        g.add("acc = []",
              "for j in range(%d):" % n,
              "    if j %% 2 == %d:" % r.randrange(2),
              "        continue",
              "    acc.append(%s.mean().item() * j)" % a,
              "print(acc, len(acc), tuple(round(z, 2) for z in acc))")


def s_print(g):
    r = g.r
    if r.random() < 0.5:
        g.add("torch.set_printoptions(precision=%d%s)" %
              (r.randint(1, 8), r.choice(["", ", sci_mode=False", ", sci_mode=True", ", linewidth=40"])))
    else:
        g.add("torch.set_printoptions(profile=\"default\")")
    a = g.name("p")
    g.add("%s = %s * %s" % (a, g.data(r.randint(1, 4), r.randint(1, 5)), r.choice(["1", "1000", "0.001", "-3"])),
          r.choice(["print(%s)" % a, "print(f\"{%s}\")" % a, "print(%s.sum(), %s.max().item())" % (a, a),
                    "print(str(%s), repr(%s.shape))" % (a, a)]))


def s_dropout(g):
    r = g.r
    g.add("torch.manual_seed(%d)" % r.choice([123, 789, r.randrange(1000)]),
          "drop = nn.Dropout(%s)" % r.choice(["0.5", "0.1", "0.0", "0.3"]),
          "ex = torch.ones(%d, %d)" % (r.randint(1, 6), r.randint(1, 6)),
          "print(drop(ex))")
    if r.random() < 0.5:
        g.add("drop.eval()", "print(drop(ex).sum().item(), drop)")


# errors a learner makes, each at the end of a script (the line is compared)
ERRORS = [
    "print(undefined_name)",
    "x_bad = torch.rand(2, 3) @ torch.rand(2, 3)",
    "print(torch.rand(2, 3).view(4, 2))",
    "mha_bad = MultiHeadAttention(3, 5, 4, 0.0, num_heads=2)",
    "ca_bad = CausalAttention(3, 2, 2, 0.0)\nprint(ca_bad(torch.rand(1, 4, 3)))",
    "sa_bad = SelfAttention_v2(3, 2)\nprint(sa_bad(torch.rand(2, 4, 3)))",
    "print(SelfAttention_v1(3))",
    "print(CausalAttention(3, 2, 4, 0.0, False, 7))",
    "l = [1, 2, 3]\nprint(l[3])",
    "print(torch.rand(2, 2)[2])",
    "print(f\"{torch.rand(2):.2f}\")",
    "print(f\"{3.5:d}\")",
    "h = Head(3, 2, 4, 0.0)\nprint(h(torch.rand(2, 4)))",
    "wrap_bad = MultiHeadAttentionWrapper(3, 2, 4, 0.0, 2)\nprint(wrap_bad[0])",
    "print(nn.ModuleList([nn.Linear(2, 2)])[3])",
    "print(torch.softmax(torch.rand(2, 3), dim=2))",
    "print(torch.rand(2, 3).transpose(1, 2))",
    "print(len(5))",
    "def f(a, b=1):\n    return a + b\nprint(f(1, 2, 3))",
    "def f(a, b=1):\n    return a + b\nprint(f(b=2))",
    "print(torch.rand(3).item())",
    "m_bad = nn.Linear(3, 2)\nprint(m_bad(torch.rand(2, 4)))",
    "print(torch.cat([torch.rand(2, 3), torch.rand(3, 2)], dim=0))",
    "assert 1 + 1 == 3, \"arithmetic\"",
    "t_bad = torch.zeros(2, 2)\nt_bad.masked_fill_(torch.ones(3, 3).bool(), 1.0)",
    "print(nn.Dropout(1.5))",
    "print(torch.rand(2, 3).T.view(6))",
]

SNIPPETS = [s_softmax, s_module, s_module, s_xbow, s_python, s_python, s_print, s_dropout]


def mistaken(r):
    """the classes, with one catalogued mistake written into a forward half of the time"""
    if r.random() < 0.5:
        return CLASSES, None
    cls, old, new = r.choice(MISTAKES)
    assert CLASSES.count(old) >= 1, old
    start = CLASSES.index("class %s(" % cls)
    at = CLASSES.index(old, start)
    return CLASSES[:at] + new + CLASSES[at + len(old):], (cls, old)


def fuzz_script(r):
    text, _ = mistaken(r)
    g = Gen(r)
    g.add("torch.manual_seed(%d)" % r.randrange(100000))
    for _ in range(r.randint(2, 6)):
        r.choice(SNIPPETS)(g)
    if r.random() < 0.25:
        g.add(r.choice(ERRORS))
    return text + "\n\n" + "\n".join(g.lines) + "\n"


# ---------------------------------------------------------------------------
# the differential runner: real PyTorch in worker processes (each script
# exec'd in a fresh namespace after torch.manual_seed(0), print options reset;
# a mismatch is run again in a fresh python3 before it is reported), and
# ./attn-explain --seed 0 --run on the same file.

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def _py_exec(path):
    """(stdout, error line or '', status) of real Python on the script, in this process"""
    import contextlib
    import io
    import traceback
    import torch
    torch.manual_seed(0)
    buf = io.StringIO()
    err, status = "", 0
    text = open(path).read()
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(text, path, "exec"), {"__name__": "__main__"})
    except BaseException as e:  # noqa: B902 - any error a script raises is its outcome
        line = 0
        for fr in traceback.extract_tb(e.__traceback__):
            if fr.filename == path:
                line = fr.lineno
        if isinstance(e, SyntaxError) and e.filename == path:
            line = e.lineno
        last = traceback.format_exception_only(type(e), e)[-1].rstrip("\n")
        err, status = "attn-explain: %s: line %d: %s\n" % (path, line, last), 1
    torch.set_printoptions(profile="default")
    torch.set_printoptions(sci_mode=None)
    return buf.getvalue(), err, status


def _py_fresh(path):
    """the same from a fresh python3 (run_cases.one's way), to confirm a mismatch"""
    d, name = os.path.split(path)
    pre = "import torch\ntorch.manual_seed(0)\nexec(compile(open(%r).read(), %r, 'exec'), {'__name__': '__main__'})\n" % (
        name, path)
    env = dict(os.environ, LD_LIBRARY_PATH=run_cases.REF_BLAS, OMP_NUM_THREADS="1")
    env.pop("PYTHONUNBUFFERED", None)
    p = subprocess.run(["/usr/bin/python3", "-c", pre], cwd=d, capture_output=True, text=True, env=env)
    err = ""
    if p.returncode:
        lines = p.stderr.rstrip("\n").split("\n")
        line = 0
        for ln in lines:
            m = re.match(r'\s*File "([^"]*)", line (\d+)', ln)
            if m and m.group(1) == path:
                line = int(m.group(2))
        err = "attn-explain: %s: line %d: %s\n" % (path, line, lines[-1])
    return p.stdout, err, 1 if p.returncode else 0


def _ours(path, *more):
    """--run's stdout, stderr without its warnings (run_cases.py keeps none of Python's), status"""
    p = subprocess.run([os.path.join(ROOT, "attn-explain"), "--seed", "0", "--run", path] + list(more),
                       capture_output=True, text=True, timeout=60)
    err = "".join(ln for ln in p.stderr.splitlines(True) if not ln.startswith("attn-explain: warning: "))
    return p.stdout, err, 1 if p.returncode else 0


def _kind(want, got):
    """a short name for a mismatch: where the outputs part"""
    if want[2] != got[2] or want[1] != got[1]:
        w = want[1].split(": ")[3:4] or ["ok"]
        o = got[1].split(": ")[3:4] or ["ok"]
        return "error %s -> %s" % (w[0], o[0][:40])
    a, b = want[0].split("\n"), got[0].split("\n")
    for x, y in zip(a, b):
        if x != y:
            return "stdout"
    return "stdout length"


def _one(job):
    try:
        return _compare(job)
    except Exception as e:  # noqa: B902 - a hang (timeout) or a harness failure is a finding, not the end
        return [("run", job[0], "harness: %s" % type(e).__name__, (str(e), "", 0), ("", "", 0))]


def _compare(job):
    path, trace = job
    want = _py_exec(path)
    got = _ours(path)
    res = []
    if want != got:
        want = _py_fresh(path)
        if want != got:
            res.append(("run", path, _kind(want, got), want, got))
    if trace and want[2] == 0 and not res:
        import io
        import contextlib
        import torch
        import trace_cases
        torch.manual_seed(0)
        text = open(path).read()
        tree = trace_cases.Instrument(text.split("\n")).visit(ast.parse(text))
        ast.fix_missing_locations(tree)
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf):
                exec(compile(tree, path, "exec"), {"_trace_cell": trace_cases.trace, "__name__": "__main__"})
        finally:
            torch.set_printoptions(profile="default")
            torch.set_printoptions(sci_mode=None)
        tg = _ours(path, "--trace")
        want_trace = buf.getvalue()
        if tg[0] != want_trace or tg[2] != 0:
            want_trace = _trace_fresh(path)  # a worker's state may leak into its later scripts
        if tg[0] != want_trace or tg[2] != 0:
            res.append(("trace", path, "trace stdout" if tg[2] == 0 else "trace error", (want_trace, "", 0), tg))
    return res


def _trace_fresh(path):
    """the instrumented run's stdout from a fresh python3, to confirm a trace mismatch"""
    pre = ("import ast, sys, torch\nsys.path.insert(0, %r)\nimport trace_cases\ntorch.manual_seed(0)\n"
           "text = open(%r).read()\ntree = trace_cases.Instrument(text.split('\\n')).visit(ast.parse(text))\n"
           "ast.fix_missing_locations(tree)\n"
           "exec(compile(tree, %r, 'exec'), {'_trace_cell': trace_cases.trace, '__name__': '__main__'})\n") % (
        os.path.dirname(os.path.abspath(__file__)), path, path)
    env = dict(os.environ, LD_LIBRARY_PATH=run_cases.REF_BLAS, OMP_NUM_THREADS="1")
    env.pop("PYTHONUNBUFFERED", None)
    p = subprocess.run(["/usr/bin/python3", "-c", pre], cwd=os.path.dirname(path), capture_output=True, text=True,
                       env=env)
    return p.stdout


def _notebook(path, text):
    """the script as a notebook: its cells cut at blank lines between top-level statements"""
    import nbformat
    chunks, cur = [], []
    for ln in text.split("\n"):
        if ln == "" and cur and not cur[-1].startswith(" "):
            chunks.append("\n".join(cur))
            cur = []
        elif ln != "":
            cur.append(ln)
    if cur:
        chunks.append("\n".join(cur))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in chunks]
    nbformat.write(nb, path)


def fuzz(count, seed, out, share_nb, share_trace, make=None, prefix="f"):
    """count scripts from seed (make(r) writes one: fuzz_script by default): compare, print a line
    per mismatch and a summary"""
    import multiprocessing
    os.makedirs(out, exist_ok=True)
    r = random.Random(seed)
    jobs = []
    for i in range(count):
        path = os.path.join(out, "%s%d-%05d.py" % (prefix, seed, i))
        with open(path, "w") as f:
            f.write((make or fuzz_script)(r))
        jobs.append((path, r.random() < share_trace))
    kinds = {}
    with multiprocessing.Pool(2) as pool:
        for res in pool.imap_unordered(_one, jobs, chunksize=4):
            for what, path, kind, want, got in res:
                kinds[(what, kind)] = kinds.get((what, kind), 0) + 1
                print("MISMATCH %s %s: %s" % (what, path, kind), flush=True)
                with open(path[:-3] + ".want", "w") as f:
                    f.write(want[0] + want[1] + "status %d\n" % want[2])
                with open(path[:-3] + ".got", "w") as f:
                    f.write(got[0] + got[1] + "status %d\n" % got[2])
    nbs = 0
    if share_nb:
        import nb_cases
    for path, _ in jobs[:share_nb]:
        nbp = path[:-3] + ".ipynb"
        _notebook(nbp, open(path).read())
        want = "".join(nb_cases.expected(nbp))
        got = _ours(os.path.relpath(nbp, ROOT))
        nbs += 1
        if want != got[0] + got[1] + "status %d\n" % got[2]:
            kinds[("nb", "nb")] = kinds.get(("nb", "nb"), 0) + 1
            print("MISMATCH nb %s" % nbp, flush=True)
            with open(nbp[:-6] + ".nbwant", "w") as f:
                f.write(want)
            with open(nbp[:-6] + ".nbgot", "w") as f:
                f.write(got[0] + got[1] + "status %d\n" % got[2])
    print("fuzz: %d scripts, %d notebooks, %d mismatches" % (count, nbs, sum(kinds.values())))
    for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print("  %5d %s: %s" % (v, k[0], k[1]))


def batch(count, start=0, make=None, name="fuzz"):
    """the committed batch: tests/run/NAME-NNN.py from seed 23 (make(r) writes one: fuzz_script by
    default), goldens from real PyTorch.  A script Python warns about (x.T of a 3-d tensor) is drawn
    again: NAME.err keeps no warning.  From START on only (the scripts before it drawn, and taken to
    be written already)."""
    r = random.Random(23)
    i = 0
    while i < count:
        text = (make or fuzz_script)(r)
        if i < start:
            i += 1
            continue
        path = os.path.join(run_cases.RUN, "%s-%03d.py" % (name, i))
        with open(path, "w") as f:
            f.write(text)
        if "Warning" in run_cases.one(path).stderr:
            continue
        i += 1


def main():
    args = sys.argv[1:]
    if args[:1] == ["--fuzz"]:
        # --fuzz COUNT SEED [OUTDIR [NOTEBOOKS [TRACE_SHARE]]]
        fuzz(int(args[1]), int(args[2]), args[3] if len(args) > 3 else "/tmp/cls-fuzz",
             int(args[4]) if len(args) > 4 else 0, float(args[5]) if len(args) > 5 else 0.2)
        return
    if args[:1] == ["--batch"]:
        batch(int(args[1]) if len(args) > 1 else 100, int(args[2]) if len(args) > 2 else 0)
        return
    n = int(args[0]) if args else 12
    r = random.Random(2323)
    for i in range(n):
        path = os.path.join(run_cases.RUN, "cls-rand-%d.py" % i)
        with open(path, "w") as f:
            f.write(CLASSES + "\n\n" + body(r))
        run_cases.one(path)


if __name__ == "__main__":
    main()
