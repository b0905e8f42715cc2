#!/usr/bin/python3
"""outside_scripts.py - random scripts as an outside checker of issue 23 writes
them, varying what cls_scripts.py and learner_scripts.py hold fixed: the
book's classes with qkv_bias, context_length above num_tokens, d_in != d_out,
batches of 1 and 3, torch.manual_seed between constructions, train()/eval();
the lecture's multi-head module (heads in a ModuleList, a projection, dropout);
mistakes written into a forward (wrong softmax dim, no scale, the mask not
applied, wrong axes transposed, dropout before softmax); set_printoptions
(precision, sci_mode, linewidth, profile); .shape/.size()/.dtype/.numel()/
.item()/.tolist() in f-strings with format specs; print(module) of nested
ModuleList/Sequential/Dropout; named_parameters loops; integer // and % on
ints and tensors (negative ones too); comparisons and boolean tensors;
masked_fill_ in place; view/reshape/contiguous/permute; triu/tril with
diagonals; cat/stack; x.max(dim)/argmax; mean/var/std with unbiased/keepdim.
Checked against real PyTorch 1.13 by cls_scripts.py's differential runner.

The fuzz also draws what round 8 brought into contract v3 (LECTURE_MORE): the
lecture's FeedForward (nn.ReLU), Block (nn.LayerNorm, residuals) and bigram
model (nn.Embedding, torch.multinomial, generate()), torch.randint, and
nanoGPT's CausalSelfAttention (q, k, v split out of one projection); the
--batch scripts stay the ones committed (without them).

    /usr/bin/python3 tests/gen/outside_scripts.py --fuzz COUNT SEED [DIR [TRACE_SHARE [NOTEBOOKS]]]
        the differential run: mismatches to stdout, want/got files in DIR (a share traced,
        the first NOTEBOOKS run as notebooks against nbclient too)
    /usr/bin/python3 tests/gen/outside_scripts.py --batch [COUNT]
        tests/run/outside-NNN.py (seed 23) and their goldens (run_cases.py)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cls_scripts  # noqa: E402

# the lecture's multi-head attention (Karpathy's gpt.py, without FeedForward/Block)
LECTURE = '''

class MultiHeadAttentionL(nn.Module):
    """ multiple heads of self-attention in parallel """

    def __init__(self, n_embd, num_heads, head_size, block_size, dropout):
        super().__init__()
        self.heads = nn.ModuleList([Head(n_embd, head_size, block_size, dropout) for _ in range(num_heads)])
        self.proj = nn.Linear(head_size * num_heads, n_embd)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        out = torch.cat([h(x) for h in self.heads], dim=-1)
        out = self.dropout(self.proj(out))
        return out
'''

# the lecture's other classes and nanoGPT's attention (in contract v3 since round 8: drawn by --fuzz)
LECTURE_MORE = '''
import math


class CausalSelfAttention(nn.Module):

    def __init__(self, n_embd, n_head, block_size, dropout, bias=True):
        super().__init__()
        assert n_embd % n_head == 0
        self.c_attn = nn.Linear(n_embd, 3 * n_embd, bias=bias)
        self.c_proj = nn.Linear(n_embd, n_embd, bias=bias)
        self.attn_dropout = nn.Dropout(dropout)
        self.resid_dropout = nn.Dropout(dropout)
        self.n_head = n_head
        self.n_embd = n_embd
        self.register_buffer("bias", torch.tril(torch.ones(block_size, block_size))
                                    .view(1, 1, block_size, block_size))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
        att = F.softmax(att, dim=-1)
        att = self.attn_dropout(att)
        y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        y = self.resid_dropout(self.c_proj(y))
        return y

class FeedForward(nn.Module):
    def __init__(self, n_embd, dropout):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_embd, 4 * n_embd),
            nn.ReLU(),
            nn.Linear(4 * n_embd, n_embd),
            nn.Dropout(dropout),
        )

    def forward(self, x):
        return self.net(x)


class Block(nn.Module):
    def __init__(self, n_embd, n_head, block_size, dropout):
        super().__init__()
        head_size = n_embd // n_head
        self.sa = MultiHeadAttentionL(n_embd, n_head, head_size, block_size, dropout)
        self.ffwd = FeedForward(n_embd, dropout)
        self.ln1 = nn.LayerNorm(n_embd)
        self.ln2 = nn.LayerNorm(n_embd)

    def forward(self, x):
        x = x + self.sa(self.ln1(x))
        x = x + self.ffwd(self.ln2(x))
        return x


class BigramLanguageModel(nn.Module):
    def __init__(self, vocab_size):
        super().__init__()
        self.token_embedding_table = nn.Embedding(vocab_size, vocab_size)

    def forward(self, idx):
        return self.token_embedding_table(idx)

    def generate(self, idx, max_new_tokens):
        for _ in range(max_new_tokens):
            logits = self(idx)
            logits = logits[:, -1, :]
            probs = F.softmax(logits, dim=-1)
            idx_next = torch.multinomial(probs, num_samples=1)
            idx = torch.cat((idx, idx_next), dim=1)
        return idx
'''

# more mistakes inside a forward: (class, old text, new text), the same line count
SCALE = "attn_scores / keys.shape[-1]**0.5, dim=-1"
MISTAKES = cls_scripts.MISTAKES + [
    ("CausalAttention", "attn_weights = torch.softmax(" + SCALE + ")\n        attn_weights = self.dropout(attn_weights)",
     "attn_scores = self.dropout(attn_scores)\n        attn_weights = torch.softmax(" + SCALE + ")"),
    ("CausalAttention", "attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)",
     "attn_scores.masked_fill(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)"),
    ("CausalAttention", "attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)",
     "attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], 0.0)"),
    ("CausalAttention", "attn_weights = torch.softmax(" + SCALE + ")\n        attn_weights = self",
     "attn_weights = torch.softmax(attn_scores * keys.shape[-1]**0.5, dim=-1)\n        attn_weights = self"),
    ("CausalAttention", "attn_weights = torch.softmax(" + SCALE + ")\n        attn_weights = self",
     "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=1)\n        attn_weights = self"),
    ("MultiHeadAttention", "keys = keys.transpose(1, 2)", "keys = keys.transpose(2, 3)"),
    ("MultiHeadAttention", "attn_weights = torch.softmax(" + SCALE + ")\n        attn_weights = self.dropout",
     "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-2)\n        attn_weights = self.dropout"),
    ("MultiHeadAttention", "attn_weights = torch.softmax(" + SCALE + ")\n        attn_weights = self.dropout",
     "attn_weights = torch.softmax(attn_scores / self.d_out**0.5, dim=-1)\n        attn_weights = self.dropout"),
    ("MultiHeadAttention", "mask_bool = self.mask.bool()[:num_tokens, :num_tokens]",
     "mask_bool = self.mask.bool()[:num_tokens, :num_tokens] == 0"),
    ("Head", "wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))",
     "wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))"),
    ("Head", "wei = self.dropout(wei)", "wei = self.dropout(wei).softmax(-1)"),
    ("SelfAttention_v2", "attn_scores = queries @ keys.T", "attn_scores = queries.T @ keys"),
]


def mistaken(r, more):
    """the classes (the book's, Karpathy's Head, the lecture's multi-head module), a mistake written into
    a forward 60% of the time"""
    text = cls_scripts.CLASSES + LECTURE + (LECTURE_MORE if more else "")
    if r.random() < 0.4:
        return text
    cls, old, new = r.choice(MISTAKES)
    start = text.index("class %s(" % cls)
    at = text.index(old, start)
    return text[:at] + new + text[at + len(old):]


def seed_line(r):
    return "torch.manual_seed(%d)" % r.choice([123, 789, 1337, 42, 0, 2024, r.randrange(100000)])


def s_book(g):
    """one of the book's classes: qkv_bias, ctx vs tokens, d_in != d_out, batch 1 or 3, seeds between"""
    r = g.r
    b = r.choice([1, 1, 2, 3, 3])
    t = r.randint(1, 7)
    d_in = r.randint(1, 6)
    heads = r.randint(1, 4)
    d_out = heads * r.randint(1, 3)
    while d_out == d_in and r.random() < 0.8:
        d_out = heads * r.randint(1, 3)
    ctx = t + r.choice([0, 0, 1, 2, 5])
    p = r.choice(["0.0", "0.0", "0.1", "0.5", "0.2"])
    bias = r.choice(["False", "True"])
    kind = r.choice(["v1", "v2", "ca", "wrap", "mha", "mha", "head", "lect"])
    x, m = g.name("batch"), g.name("model")
    if r.random() < 0.7:
        g.add(seed_line(r))
    if kind in ("v1", "v2"):
        g.add("%s = %s" % (x, g.data(t, d_in)) if r.random() < 0.6 else "%s = torch.randn(%d, %d)" % (x, t, d_in))
    elif r.random() < 0.4:
        g.add("%s = torch.stack([%s] * %d)" % (x, g.data(t, d_in), b) if r.random() < 0.5 else
              "%s = torch.stack((%s, %s), dim=0)" % (x, g.data(t, d_in), g.data(t, d_in)))
    else:
        g.add("%s = torch.%s(%d, %d, %d)" % (x, r.choice(["rand", "randn"]), b, t, d_in))
    if r.random() < 0.5:
        g.add(seed_line(r))
    if kind == "v1":
        g.add("%s = SelfAttention_v1(%d, %d)" % (m, d_in, d_out))
    elif kind == "v2":
        g.add("%s = SelfAttention_v2(d_in=%d, d_out=%d, qkv_bias=%s)" % (m, d_in, d_out, bias))
    elif kind == "ca":
        g.add("%s = CausalAttention(%d, %d, %s.shape[1] + %d, %s, %s)" % (m, d_in, d_out, x, ctx - t, p, bias))
    elif kind == "wrap":
        g.add("%s = MultiHeadAttentionWrapper(%d, %d, context_length=%d, dropout=%s, num_heads=%d, qkv_bias=%s)"
              % (m, d_in, d_out // heads, ctx, p, heads, bias))
    elif kind == "mha":
        g.add("%s = MultiHeadAttention(%d, %d, %d, %s, num_heads=%d, qkv_bias=%s)" % (m, d_in, d_out, ctx, p, heads, bias))
    elif kind == "head":
        g.add("%s = Head(%d, %d, %d, %s)" % (m, d_in, d_out, ctx, p))
    else:
        g.add("%s = MultiHeadAttentionL(%d, %d, %d, %d, %s)" % (m, d_in, heads, r.randint(1, 3), ctx, p))
    mode = r.random()
    if mode < 0.35:
        g.add("%s.eval()" % m)
    elif mode < 0.5:
        g.add("%s.train()" % m)
    if r.random() < 0.3:
        g.add(seed_line(r))
    out = g.name("ctx")
    g.add("%s = %s(%s)" % (out, m, x))
    g.add(r.choice(["print(%s)" % out, "print(%s.shape)" % out, "print(\"context:\", %s.shape, %s)" % (out, out),
                    "print(f\"{%s.shape} {%s.dtype} {%s.numel()}\")" % (out, out, out),
                    "print(%s[-1], %s.size(), %s.size(-1))" % (out, out, out),
                    "print(%s.sum().item(), %s.mean().item())" % (out, out)]))
    for e in r.sample(range(7), r.randint(1, 3)):
        if e == 0:
            g.add("print(%s)" % m)
        elif e == 1:
            g.add("for name, prm in %s.named_parameters():" % m,
                  "    print(f\"{name:<22}{str(tuple(prm.shape)):>10} {prm.numel():>5d} {prm.requires_grad}\")")
        elif e == 2:
            g.add("n_params = sum(p.numel() for p in %s.parameters())" % m,
                  "print(f\"params: {n_params:,} ({n_params / 1e3:.3f}K)\")")
        elif e == 3:
            g.add("print(%s.training, [m.training for m in %s.modules()])" % (m, m))
        elif e == 4:
            g.add("print([name for name, _ in %s.named_buffers()], [tuple(b.shape) for b in %s.buffers()])" % (m, m))
        elif e == 5:
            g.add("%s.eval()" % m, "with torch.no_grad():", "    again = %s(%s)" % (m, x),
                  "print(torch.allclose(again, %s), again.requires_grad, %s.requires_grad)" % (out, out))
        else:
            g.add("for i, row in enumerate(%s.reshape(-1, %s.shape[-1])):" % (out, out),
                  "    print(i, [f\"{v:%s}\" for v in row.tolist()])" % g.spec(),
                  "    if i >= %d:" % r.randint(0, 3), "        break")


def s_printopts(g):
    r = g.r
    opts = []
    if r.random() < 0.7:
        opts.append("precision=%d" % r.randint(0, 10))
    if r.random() < 0.5:
        opts.append("sci_mode=%s" % r.choice(["True", "False", "None"]))
    if r.random() < 0.4:
        opts.append("linewidth=%d" % r.choice([20, 30, 50, 60, 100, 200]))
    if r.random() < 0.2:
        opts.append("threshold=%d" % r.choice([3, 5, 10, 1000]))
    if r.random() < 0.2:
        opts.append("edgeitems=%d" % r.randint(1, 3))
    if r.random() < 0.2 or not opts:
        opts = ["profile=\"%s\"" % r.choice(["default", "short", "full"])] + opts[:1]
    a = g.name("vals")
    scale = r.choice(["1", "1000", "1e-4", "-3", "1e6", "0.01", "123.456"])
    g.add("torch.set_printoptions(%s)" % ", ".join(opts),
          "%s = %s * %s" % (a, g.data(r.randint(1, 5), r.randint(1, 7)), scale))
    g.add(r.choice(["print(%s)" % a, "print(f\"{%s}\")" % a, "print(%s.sum(0), %s[0, 0])" % (a, a),
                    "print(%s.T)" % a, "print([%s[0], %s.max()])" % (a, a), "print(%s.tolist())" % a,
                    "print(%s.view(-1))" % a, "print(%s // 1, (%s * 0).abs())" % (a, a)]))
    if r.random() < 0.6:
        g.add(r.choice(["torch.set_printoptions(profile=\"default\")", "torch.set_printoptions(precision=4)",
                        "torch.set_printoptions(sci_mode=False)"]),
              "print(%s)" % a)


def s_items(g):
    r = g.r
    a = g.name("t")
    rows, cols = r.randint(1, 4), r.randint(1, 4)
    g.add("%s = %s" % (a, g.data(rows, cols)))
    v = r.randrange(6)
    if v == 0:
        g.add("print(%s.shape, %s.size(), %s.size(0), %s.dtype, %s.numel(), %s.dim(), %s.ndim)" % ((a,) * 7))
    elif v == 1:
        g.add("print(f\"{%s[0, 0].item():.4f} {%s.sum().item():>10.3e} {%s.max().item():+08.2f}\")" % (a, a, a))
    elif v == 2:
        g.add("for v in %s.flatten().tolist():" % a, "    print(f\"{v:>8.3e}|{v:<9.4f}|{v:^+10.2g}|{v:%}\")")
    elif v == 3:
        g.add("print(%s.tolist(), %s[0].tolist(), %s[0, 0].tolist())" % (a, a, a))
    elif v == 4:
        g.add("s = %s.sum()" % a, "print(s, s.item(), float(s), round(s.item(), 3), f\"{s:.5f}\", f\"{s}\")")
    else:
        g.add("print(len(%s), list(%s.shape), %s.shape[-1] * 2, %s.shape == (%d, %d), %s.size() == torch.Size([%d, %d]))"
              % (a, a, a, a, rows, cols, a, rows, cols))


def s_reprs(g):
    """print(module) of nested containers, named_parameters, counts"""
    r = g.r
    d = r.randint(1, 5)
    p = r.choice(["0.0", "0.1", "0.25", "0.5"])
    m = g.name("net")
    inner = r.choice(["nn.Sequential(nn.Linear(%d, %d), nn.Dropout(%s))" % (d, d, p),
                      "nn.ModuleList([nn.Linear(%d, %d, bias=False) for _ in range(%d)])" % (d, d, r.randint(0, 3)),
                      "nn.Dropout(p=%s)" % p, "nn.Softmax(dim=%d)" % r.choice([-1, 0, 1]),
                      "Head(%d, %d, %d, %s)" % (d, r.randint(1, 3), r.randint(1, 6), p)])
    g.add("%s = nn.Sequential(nn.Linear(%d, %d), %s, nn.ModuleList([nn.Dropout(%s%s), nn.Linear(%d, 1)]))"
          % (m, d, d, inner, p, r.choice(["", "", ", inplace=True", ", True", ", inplace=False"]), d))
    if r.random() < 0.4:
        g.add("%s.train()" % m, "h = torch.randn(2, %d) * 1" % d, "print(%s[0](h), %s[-1][0](h), h)" % (m, m))
    g.add("print(%s)" % m)
    for e in r.sample(range(5), r.randint(1, 3)):
        if e == 0:
            g.add("for name, prm in %s.named_parameters():" % m, "    print(name, list(prm.shape), prm.dtype)")
        elif e == 1:
            g.add("print(sum(p.numel() for p in %s.parameters()), len(list(%s.children())))" % (m, m))
        elif e == 2:
            g.add("print(%s[0], %s[-1][1], len(%s), len(%s[-1]))" % (m, m, m, m))
        elif e == 3:
            g.add("for i, sub in enumerate(%s):" % m, "    print(i, sub)")
        else:
            g.add("print([n for n, _ in %s.named_modules()])" % m)


def s_ints(g):
    """// and % on ints (negative too) and on integer and float tensors"""
    r = g.r
    a, b = r.randint(-20, 20), r.choice([-7, -3, -2, 2, 3, 4, 5, 7])
    g.add("print(%d // %d, %d %% %d, %d / %d, -(%d // %d), %d %% -%d)" % (a, b, a, b, a, b, a, b, a, abs(b)))
    t = g.name("it")
    n = r.randint(1, 8)
    g.add("%s = torch.arange(%d) - %d" % (t, n, r.randint(0, 5)))
    g.add(r.choice(["print(%s // %d, %s %% %d)" % (t, b, t, b), "print(%s // 2 * 2 + %s %% 2 == %s)" % (t, t, t),
                    "print((%s * %d) %% %d, %s.sum() // %d)" % (t, r.randint(1, 5), abs(b), t, b),
                    "print(%s.float() // %s, %s.float() %% %s)" % (t, b, t, b),
                    "print(%s / 2, %s.dtype, (%s / 2).dtype)" % (t, t, t),
                    "print(%s %% 3 == 0, (%s %% 3 == 0).sum(), (%s > 0).float().mean())" % (t, t, t)]))
    f = g.name("ft")
    g.add("%s = %s * %d" % (f, g.data(r.randint(1, 3), r.randint(1, 4)), r.choice([1, 3, 10])))
    g.add(r.choice(["print(%s // 1, %s %% 1)" % (f, f), "print(%s // 0.3, %s %% -0.7)" % (f, f),
                    "print(%s %% 2, %s %% -2.5, -%s // 2)" % (f, f, f),
                    "print(%s ** 2 // 1, 7 %% (%s.abs() + 0.5), 1 // (%s.abs() + 0.5))" % (f, f, f)]))


def s_bools(g):
    r = g.r
    a = g.name("bt")
    g.add("%s = %s" % (a, g.data(r.randint(1, 4), r.randint(1, 4))))
    thr = r.choice(["0", "0.5", "-0.25", "0.1"])
    g.add("m = %s > %s" % (a, thr))
    g.add(r.choice(["print(m, m.dtype, m.sum(), m.sum() > 0, m.sum() == m.numel())",
                    "print(m.float(), m.long().sum(dim=0), (~m).long())",
                    "print(%s[m], %s[~m].shape)" % (a, a),
                    "print(m & (%s < 0.9), m | (%s == 0), m ^ m.T if m.shape[0] == m.shape[1] else m)" % (a, a),
                    "print((%s >= %s) == m, torch.where(m, %s, torch.zeros_like(%s)))" % (a, thr, a, a),
                    "print(m.sum().item(), int(m.sum()), bool(m.sum()), m.tolist())",
                    "print(%s == %s, %s != %s.T.T, torch.equal(%s, %s.clone()))" % (a, a, a, a, a, a)]))
    if r.random() < 0.5:
        g.add("print(%d < %d or %d <= %d, %s.max() > 0 and %s.min() < 1, not m.sum() == 0)" %
              (r.randint(0, 3), r.randint(0, 3), r.randint(0, 3), r.randint(0, 3), a, a))


def s_masks(g):
    r = g.r
    t = r.randint(1, 6)
    diag = r.choice([0, 0, 1, -1, 2])
    s = g.name("scores")
    g.add("%s = %s" % (s, g.data(t, t)))
    mask = r.choice(["torch.triu(torch.ones(%d, %d), diagonal=%d).bool()" % (t, t, diag),
                     "torch.tril(torch.ones(%d, %d), %d) == 0" % (t, t, diag),
                     "torch.ones(%d, %d).triu(%d) > 0" % (t, t, diag),
                     "torch.zeros(%d, %d).bool()" % (t, t)])
    g.add("mask = %s" % mask)
    fill = r.choice(["-torch.inf", "float('-inf')", "0.0", "-1e9", "1"])
    if r.random() < 0.5:
        g.add("%s.masked_fill_(mask, %s)" % (s, fill), "print(%s)" % s)
    else:
        g.add("out = %s.masked_fill(mask, %s)" % (s, fill), "print(out, %s.sum())" % s, "%s = out" % s)
    g.add(r.choice(["print(torch.softmax(%s, dim=-1))" % s, "print(torch.softmax(%s, dim=0))" % s,
                    "print(torch.softmax(%s / %d**0.5, dim=1).sum(1))" % (s, t),
                    "print(mask.long(), mask.sum(), torch.tril(torch.ones(%d, %d), diagonal=%d))" % (t, t, diag)]))


def s_shapes(g):
    r = g.r
    b, t, h, d = r.randint(1, 3), r.randint(1, 4), r.randint(1, 3), r.randint(1, 3)
    x = g.name("x")
    g.add("%s = torch.randn(%d, %d, %d)" % (x, b, t, h * d))
    v = r.randrange(6)
    if v == 0:
        g.add("y = %s.view(%d, %d, %d, %d).permute(0, 2, 1, 3)" % (x, b, t, h, d),
              "print(y.shape, y.stride(), y.is_contiguous())",
              "print(y.contiguous().view(%d, -1), y.reshape(-1, %d).shape)" % (b, d))
    elif v == 1:
        g.add("y = %s.transpose(%s)" % (x, r.choice(["0, 1", "1, 2", "-1, -2", "0, 2"])),
              "print(y.shape, y.reshape(-1)[:5], y.contiguous().stride())")
    elif v == 2:
        g.add("parts = [%s[:, i] for i in range(%d)]" % (x, t),
              "print(torch.stack(parts).shape, torch.stack(parts, dim=-1).shape, torch.cat(parts, dim=%d).shape)"
              % r.choice([0, 1, -1]),
              "print(torch.cat(parts, dim=-1))")
    elif v == 3:
        g.add("print(%s.permute(2, 0, 1).shape, %s.permute(2, 0, 1).flatten(1).shape, %s.unsqueeze(1).shape, %s.squeeze().shape)"
              % (x, x, x, x))
    elif v == 4:
        g.add("y = torch.cat((%s, %s * 2), dim=%d)" % (x, x, r.choice([0, 1, 2, -1])),
              "print(y.shape, y.sum(dim=%d))" % r.choice([0, 1, -1]))
    else:
        g.add("print(%s.view(-1, %d).T.shape, %s.transpose(0, 2).shape, %s.reshape(%d, -1).contiguous().is_contiguous())"
              % (x, h * d, x, x, b))


def s_reduce(g):
    r = g.r
    a = g.name("r")
    g.add("%s = %s" % (a, g.data(r.randint(1, 4), r.randint(1, 5))))
    dim = r.choice([0, 1, -1])
    v = r.randrange(7)
    if v == 0:
        g.add("vals, idx = %s.max(dim=%d)" % (a, dim), "print(vals, idx, idx.dtype)")
    elif v == 1:
        g.add("print(%s.max(%d), %s.min(dim=%d, keepdim=True))" % (a, dim, a, dim))
    elif v == 2:
        g.add("print(%s.argmax(), %s.argmax(dim=%d), torch.argmax(%s, %d, keepdim=True), %s.argmin(%d))"
              % (a, a, dim, a, dim, a, dim))
    elif v == 3:
        g.add("print(%s.mean(), %s.mean(dim=%d, keepdim=%s), %s.mean((0, 1)))" % (a, a, dim, r.choice(["True", "False"]), a))
    elif v == 4:
        g.add("print(%s.var(), %s.var(dim=%d, unbiased=%s), %s.var(%d, keepdim=True))"
              % (a, a, dim, r.choice(["True", "False"]), a, dim))
    elif v == 5:
        g.add("print(%s.std(), %s.std(dim=%d, unbiased=%s, keepdim=%s), torch.std(%s, %d))"
              % (a, a, dim, r.choice(["True", "False"]), r.choice(["True", "False"]), a, dim))
    else:
        g.add("print(%s.max(), %s.sum(%d), %s.max().item(), %s.max(%d).values, %s.max(%d)[1])"
              % (a, a, dim, a, a, dim, a, dim))


def s_makers(g):
    r = g.r
    n, m = r.randint(1, 4), r.randint(1, 4)
    g.add(seed_line(r))
    g.add(r.choice(["print(torch.rand(%d, %d))" % (n, m), "print(torch.randn(%d))" % n,
                    "print(torch.ones(%d, %d) * %s, torch.zeros(%d))" % (n, m, r.choice(["2", "0.5", "-1"]), m),
                    "print(torch.rand(%d, %d).shape, torch.rand(%d).dtype)" % (n, m, n),
                    "print(torch.ones(%d, dtype=torch.long), torch.zeros(%d, %d, dtype=torch.bool))" % (n, n, m),
                    "print(torch.ones(%d, %d) * %s, torch.empty(0, %d).shape)" % (n, m, r.choice(["7", "0.5", "-2.0"]), m),
                    "print(torch.arange(%d), torch.arange(%d, %d), torch.arange(0, %d, 2))" % (n, m, m + n, n * 3)]))
    if r.random() < 0.3:
        g.add("u = torch.randn(%d, %d)" % (n, m), "print(u.mean(), u.std(), u.var(unbiased=False))")


def s_loops(g):
    r = g.r
    t, c = r.randint(1, 4), r.randint(1, 3)
    x = g.name("seq")
    g.add("%s = %s" % (x, g.data(t, c)))
    v = r.randrange(4)
    if v == 0:
        g.add("cum = torch.zeros(%d)" % c, "for i in range(%d):" % t,
              "    cum += %s[i]" % x, "    print(f\"step {i}: {cum.sum().item():.4f}\", cum)")
    elif v == 1:
        g.add("outs = [%s[:i + 1].mean(0) for i in range(%d)]" % (x, t),
              "print(torch.stack(outs), [round(o.sum().item(), 4) for o in outs])")
    elif v == 2:
        g.add("i = %d" % t, "while i > 0:", "    i -= 1",
              "    if %s[i].sum() > 0:" % x, "        print('positive', i)", "        continue",
              "    print('not', i, %s[i])" % x)
    else:
        g.add("sims = [[round(torch.dot(a, b).item(), 3) for b in %s] for a in %s]" % (x, x),
              "print(sims)", "print(max(max(row) for row in sims), sum(len(row) for row in sims) == %d)" % (t * t))


def s_gradfn(g):
    """ops on a tensor that requires grad, printed with their grad_fn"""
    r = g.r
    n, m = r.randint(1, 3), r.randint(1, 4)
    w = g.name("w")
    g.add("%s = torch.randn(%d, %d, requires_grad=True)" % (w, n, m))
    ops = ["%s.T", "%s.t()", "%s.view(-1)", "%s.reshape(%d, -1)" % ("%s", m), "%s[0]", "%s[:, 1:]", "%s.sum(0)",
           "%s.mean()", "torch.softmax(%s, dim=-1)", "F.softmax(%s, dim=0)", "%s.masked_fill(%s > 0, 0.0)",
           "%s @ %s.T", "%s * 2", "%s / 3", "%s ** 2", "%s.exp()", "torch.exp(%s)", "%s.max(0)", "%s.max()",
           "%s.argmax()", "torch.cat([%s, %s])", "torch.stack([%s, %s], dim=1)", "%s.permute(1, 0)",
           "%s.contiguous()", "%s.unsqueeze(0)", "%s.flatten()", "%s.std()", "%s.var(1)", "%s.clone()",
           "%s.detach()", "torch.where(%s > 0, %s, 0.0)", "%s.expand(2, %d, %d)" % ("%s", n, m), "%s.sqrt()",
           "%s.abs()", "-%s", "%s - %s.mean(-1, keepdim=True)", "%s.norm()", "%s.sum(dim=-1, keepdim=True)",
           "%s.transpose(0, 1).contiguous().view(-1)", "%s.tril()", "torch.triu(%s, 1)", "%s.squeeze()",
           "%s[%s > 0]", "%s.softmax(-1) @ %s.T"]
    for _ in range(r.randint(2, 5)):
        op = r.choice(ops)
        g.add("print(%s)" % (op.replace("%s", w)))
    if r.random() < 0.4:
        g.add("with torch.no_grad():", "    print(%s * 2, %s.T.requires_grad)" % (w, w))


def s_strfmt(g):
    r = g.r
    a = g.name("sv")
    g.add("%s = %s" % (a, g.data(r.randint(1, 3), r.randint(1, 3))))
    g.add(r.choice(["print(\"%%.4f %%8.3e %%+d\" %% (%s.sum().item(), %s.max().item(), %s.numel()))" % (a, a, a),
                    "print(\"{:.3f} | {:>10.2e} | {}\".format(%s.mean().item(), %s.min().item(), %s.shape))" % (a, a, a),
                    "print(\"sizes: %%s %%r\" %% (%s.shape, tuple(%s.shape)))" % (a, a),
                    "print(\"%%5.1f%%%%\" %% (100 * %s.abs().mean().item()))" % a,
                    "print(\"{0} {0:.2f} {1!r}\".format(%s.sum().item(), str(%s.dtype)))" % (a, a),
                    "print(\", \".join(f\"{v:.3f}\" for v in %s.flatten().tolist()))" % a,
                    "print(\", \".join(\"%%.2f\" %% v for v in %s.view(-1).tolist()))" % a]))


def s_more(g):
    """round 8's: the lecture's Block and bigram model, randint, ReLU/LayerNorm, Embedding, nanoGPT's attention"""
    r = g.r
    v = r.randrange(6)
    p = r.choice(["0.0", "0.0", "0.1", "0.3"])
    if v == 0:
        g.add("m = BigramLanguageModel(%d)" % r.randint(2, 8), "print(m)",
              "print(m.generate(torch.zeros((1, 1), dtype=torch.long), max_new_tokens=%d)[0].tolist())" % r.randint(1, 5))
    elif v == 1:
        h = r.randint(1, 3)
        n = h * r.randint(1, 3)
        t = r.randint(1, 5)
        g.add("blk = Block(%d, %d, %d, %s)" % (n, h, t + r.randint(0, 2), p), "print(blk)",
              "print(blk(torch.randn(%d, %d, %d)))" % (r.randint(1, 2), t, n))
        if r.random() < 0.5:
            g.add("blk.eval()", "print(blk(torch.randn(1, %d, %d)))" % (t, n))
    elif v == 2:
        g.add("print(torch.randint(0, %d, (%d,)))" % (r.randint(2, 10), r.randint(1, 5)))
    elif v == 3:
        g.add("print(F.relu(torch.randn(3)), nn.LayerNorm(3)(torch.randn(2, 3)))")
    elif v == 4:
        g.add("emb = nn.Embedding(5, 3)", "print(emb(torch.tensor([[1, 2], [0, 4]])))")
    else:
        h = r.randint(1, 3)
        n = h * r.randint(1, 3)
        t = r.randint(1, 5)
        g.add("csa = CausalSelfAttention(%d, %d, %d, %s, bias=%s)" % (n, h, t + r.randint(0, 2), p,
                                                                      r.choice(["True", "False"])),
              "y = csa(torch.randn(%d, %d, %d))" % (r.randint(1, 3), t, n), "print(y.shape)", "print(y)")
        if r.random() < 0.5:
            g.add("q, k, v = csa.c_attn(torch.randn(1, %d, %d)).split(%d, dim=2)" % (t, n, n),
                  "print(k, torch.equal(torch.cat((q, k, v), dim=-1).chunk(3, dim=-1)[2], v))")


SNIPPETS = [s_book, s_book, s_book, s_printopts, s_items, s_reprs, s_ints, s_bools, s_masks, s_shapes, s_reduce,
            s_makers, s_loops, s_gradfn, s_strfmt]


def script(r, more=False):
    text = mistaken(r, more)
    g = cls_scripts.Gen(r)
    g.add(seed_line(r))
    for _ in range(r.randint(2, 6)):
        r.choice(SNIPPETS + ([s_more, s_more] if more else []))(g)
    if r.random() < 0.15:
        g.add(r.choice(cls_scripts.ERRORS))
    return text + "\n\n" + "\n".join(g.lines) + "\n"


def main():
    args = sys.argv[1:]
    mode, rest = (args[0], args[1:]) if args else ("", [])
    if mode == "--batch":
        return cls_scripts.batch(int(rest[0]) if rest else 24, make=script, name="outside")
    if mode != "--fuzz" or len(rest) < 2:
        sys.exit(__doc__)
    more = rest[2:] + [None] * 3
    cls_scripts.fuzz(int(rest[0]), int(rest[1]), more[0] or "/tmp/outside-fuzz", int(more[2] or 0),
                     float(more[1] or 0.2), make=lambda r: script(r, True), prefix="o")


if __name__ == "__main__":
    main()
