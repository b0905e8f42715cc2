#!/usr/bin/python3
"""Expected `attn-explain --why` output, every number from real PyTorch.

Usage:
    /usr/bin/python3 tests/gen/why_cases.py [--count N]

Writes tests/why/NAME.json (random inputs), NAME.why (the cases: one
"DEPTH VERBOSE EXPR" per line) and NAME.out (what `attn-explain -v?
--depth DEPTH --why EXPR` must print for each, after a line
"### DEPTH VERBOSE EXPR"), and the same for some examples of data/
(tests/why/data-NAME.why and .out, the input being data/NAME.json).

Where the numbers come from: every stage is computed by reference.py (the
contract in PyTorch 1.13 on the reference BLAS); every number a step shows
is an element of a stage or of the weights, or computed here with torch
float32 operations: the products of a sum (a * b), a softmax row's max
(torch.max), exps (torch.exp(s - m)), a row's sum (torch.sum). A step's
final value is always the stage element PyTorch computed, never a sum done
here. Softmax's internal sum is not observable in PyTorch, so it is
computed here in float32 in the order of ATen's vectorised kernel (8
lanes, folded as a tree) and checked: exps * (1 / sum) must give
torch.softmax's row bit for bit, or the generator stops. Numbers are
written as print() writes a 0-d float32 tensor at the input's print
options. The text around the numbers is the format of `why` (the man
page, src/teach/why.h); the "note:" lines (what a learner recomputing from the
rounded numbers gets) are computed in double from the printed strings,
as src/teach/why.c does.
"""
import json
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference as ref  # noqa: E402  (re-executes with the reference BLAS first)
import numpy as np  # noqa: E402
import torch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "tests", "why")
LAYER_VAR = ["W_query", "W_key", "W_value", "out_proj"]
SHOWN = 8
MAX_STEPS = 5000
f32 = np.float32


def real_str(v):
    for prec in range(1, 17):
        s = "%.*g" % (prec, v)
        if float(s) == v:
            return s
    return "%.17g" % v


def num(x):
    """x as print(torch.tensor(x)) shows it, inside tensor(...)."""
    s = str(torch.tensor(float(x), dtype=torch.float32))
    assert s.startswith("tensor(") and s.endswith(")"), s
    return s[7:-1]


def rounded(x):
    return float(num(x))


def ddiv(a, b):
    """IEEE double division (Python raises on / 0)."""
    if b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def dexp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def lane_sum8(x):
    """ATen's vec::reduce_all(+) over 8-float vectors, as the softmax kernel sums its exps."""
    x = [f32(v) for v in x]
    n = len(x)
    if n < 8:
        s = f32(0)
        for v in x:
            s = f32(s + v)
        return s
    acc = x[0:8]
    d = 8
    while d + 8 <= n:
        for i in range(8):
            acc[i] = f32(acc[i] + x[d + i])
        d += 8
    i = 0
    while d + i < n:
        acc[i] = f32(acc[i] + x[d + i])
        i += 1
    a4 = [f32(acc[i] + acc[i + 4]) for i in range(4)]
    a4[0] = f32(a4[0] + a4[2])
    a4[1] = f32(a4[1] + a4[3])
    return f32(a4[0] + a4[1])


def same(a, b):
    a, b = f32(a), f32(b)
    return (np.isnan(a) and np.isnan(b)) or a.tobytes() == b.tobytes()


def full(entry):
    """A projection as the run holds it: the heads' weights side by side."""
    kind, ws, bs = entry
    if kind == "bare":
        return (False, ws[0] if len(ws) == 1 else torch.cat(ws, dim=1), None)
    w = ws[0] if len(ws) == 1 else torch.cat(ws, dim=0)
    b = None if bs is None else (bs[0] if len(bs) == 1 else torch.cat(bs, dim=0))
    return (True, w, b)


class Run:
    def __init__(self, cfg):
        self.cfg = cfg
        L = ref.build_leaves(cfg)
        S = ref.compute(cfg, L)
        self.S = {k: v.detach().contiguous() for k, v in S.items()}
        self.L = L
        self.T, self.H, self.hd, self.d_out = L["T"], L["H"], L["hd"], L["d_out"]
        self.batched = self.S["inputs"].dim() == 3
        self.simple = L["mode"] == "simple"
        self.drawn = L["mode"] == "init"
        self.causal = bool(cfg.get("causal", False))
        self.p = L["p"]
        self.layers = {}
        if not self.simple:
            for l, name in enumerate(LAYER_VAR[:3]):
                lin, w, b = full(L["proj"][name])
                self.layers[l] = (lin, w.detach(), None if b is None else b.detach())
        if L["out_proj"] is not None:
            kind, w, b = L["out_proj"]
            self.layers[3] = (kind == "linear", w.detach(), None if b is None else b.detach())
        scale = cfg.get("scale")
        self.scaled = scale is not None or not self.simple
        self.divides = scale is None
        sc = self.hd ** 0.5 if self.divides else float(scale)
        self.scale_used = float(torch.tensor(sc, dtype=torch.float32))
        self.seed = cfg.get("seed", 0)

    # sources: a stage name, or ("w", l) / ("b", l)
    def tensor(self, src):
        if isinstance(src, str):
            return self.S[src]
        lin, w, b = self.layers[src[1]]
        return w if src[0] == "w" else b

    def name(self, src):
        if isinstance(src, str):
            return src
        lin = self.layers[src[1]][0]
        if not lin:
            return LAYER_VAR[src[1]]
        return "%s.%s" % (LAYER_VAR[src[1]], "weight" if src[0] == "w" else "bias")

    def flatv(self, src, flat):
        return float(self.tensor(src).reshape(-1)[flat])

    def index(self, src, flat):
        shape = list(self.tensor(src).shape)
        ix = []
        for n in reversed(shape):
            ix.append(flat % n)
            flat //= n
        return list(reversed(ix))

    def elem(self, src, flat, pos=-1, sym=None):
        ix = self.index(src, flat)
        parts = [sym if d == pos else str(v) for d, v in enumerate(ix)]
        return "%s[%s]" % (self.name(src), ", ".join(parts))


def shown(k, n, verbose):
    return verbose or n <= SHOWN or k < 3 or k == n - 1


def num_list(xs, verbose):
    n = len(xs)
    out = "["
    for k in range(n):
        if not shown(k, n, verbose):
            if k == 3:
                out += ", …"
            continue
        if k > 0:
            out += ", "
        out += num(xs[k])
    out += "]"
    if n > SHOWN:
        out += "   (%d values)" % n
    return out


class Step:
    def __init__(self, run, src, flat, verbose):
        self.run, self.src, self.flat, self.verbose = run, src, flat, verbose
        self.head = ""
        self.body = []
        self.value = None
        self.naive = None   # (line, formula)
        self.used = []
        self.ndim = run.tensor(src).dim()
        self.ix = run.index(src, flat)

    def line_elem(self, src, flat):
        self.body.append("    %s = %s" % (self.run.elem(src, flat), num(self.run.flatv(src, flat))))

    def line_op(self, x, op, y):
        self.body.append("    = %s %s %s" % (num(x), op, num(y)))

    def text(self):
        r = self.run
        out = ["%s = %s" % (r.elem(self.src, self.flat), self.head)]
        out += self.body
        vs = num(self.value)
        if self.naive is not None:
            nl, nf = num(float(np.float32(self.naive[0]))), num(float(np.float32(self.naive[1])))
            tail = "the stage works with the unrounded float32 values"
            if nl != vs and nf == nl:
                out.append("    note: from the rounded numbers printed, the line above and the formula give "
                           "%s, not %s: %s" % (nl, vs, tail))
            elif nl != vs and nf != vs:
                out.append("    note: from the rounded numbers printed, the line above gives %s and the "
                           "formula %s, not %s: %s" % (nl, nf, vs, tail))
            elif nl != vs or nf != vs:
                out.append("    note: from the rounded numbers printed, the %s gives %s, not %s: %s"
                           % ("line above" if nl != vs else "formula", nl if nl != vs else nf, vs, tail))
        assert same(self.value, r.flatv(self.src, self.flat)), (self.src, self.flat)
        out.append("    = %s" % vs)
        return "\n".join(out) + "\n"


def np32(xs):
    return [f32(v) for v in xs]


# ---- the rules, from PyTorch's numbers ----

def rule_leaf(st):
    r = st.run
    cfg = r.cfg
    st.value = r.flatv(st.src, st.flat)
    if st.src == "inputs":
        inp = cfg["inputs"]
        if not isinstance(inp, dict):
            st.head = "given in the input file"
        else:
            kind = "rand" if "rand" in inp else "randn"
            st.head = "drawn by torch.%s(%s) after torch.manual_seed(%d)" % (
                kind, ", ".join(str(d) for d in inp[kind]), r.seed)
        return
    if not r.drawn:
        st.head = "given in the input file"
    elif r.layers[st.src[1]][0]:
        st.head = "drawn by nn.Linear's initialisation after torch.manual_seed(%d)" % r.seed
    else:
        st.head = "drawn by torch.%s after torch.manual_seed(%d)" % (
            "randn" if cfg.get("init") == "randn" else "rand", r.seed)


def rule_dot(st, asrc, a0, sa, bsrc, b0, sb, K, apos, bpos, sym, bias=None):
    r = st.run
    A, B = r.tensor(asrc).reshape(-1), r.tensor(bsrc).reshape(-1)
    a = A[a0:a0 + K * sa:sa] if K else A[0:0]
    b = B[b0:b0 + K * sb:sb] if K else B[0:0]
    prod = (a * b).tolist()          # torch float32 products
    a, b = a.tolist(), b.tolist()
    st.head = "Σ_%s %s · %s" % (sym, r.elem(asrc, a0, apos, sym), r.elem(bsrc, b0, bpos, sym))
    bv = None
    if bias is not None:
        st.head += " + " + r.elem(bias, st.ix[-1])
        bv = r.flatv(bias, st.ix[-1])
    for pass_ in range(2):
        s = "    = "
        if K == 0:
            s += "0 (an empty sum)"
        for k in range(K):
            if not shown(k, K, st.verbose):
                if k == 3:
                    s += " + …"
                continue
            if k > 0:
                s += " + "
            s += ("%s · %s" % (num(a[k]), num(b[k]))) if pass_ == 0 else num(prod[k])
        if bv is not None:
            s += " + " + num(bv)
        if K > SHOWN:
            s += "   (%d products%s)" % (K, " and the bias" if bv is not None else "")
        st.body.append(s)
    st.value = r.flatv(st.src, st.flat)   # PyTorch's matrix product
    naive, terms = 0.0, 0.0
    for k in range(K):
        naive += rounded(a[k]) * rounded(b[k])
        terms += rounded(prod[k])
    if bv is not None:
        naive += rounded(bv)
        terms += rounded(bv)
    st.naive = (terms, naive)
    st.used = [(asrc, a0 + k * sa) for k in range(K)] + [(bsrc, b0 + k * sb) for k in range(K)]
    if bias is not None:
        st.used.append((bias, st.ix[-1]))


def rule_project(st, frm, layer):
    r = st.run
    x = r.tensor(frm)
    n_in, out = x.shape[-1], r.tensor(st.src).shape[-1]
    row, j = st.flat // out, st.flat % out
    lin, w, b = r.layers[layer]
    if lin:
        b0, sb, bpos = j * n_in, 1, 1
    else:
        b0, sb, bpos = j, out, 0
    rule_dot(st, frm, row * n_in, 1, ("w", layer), b0, sb, n_in, x.dim() - 1, bpos, "k",
             ("b", layer) if b is not None else None)


def rule_same(st):
    st.head = "%s   (no weights: queries = keys = values = inputs)" % st.run.elem("inputs", st.flat)
    st.line_elem("inputs", st.flat)
    st.value = st.run.flatv("inputs", st.flat)
    st.used = [("inputs", st.flat)]


def rule_heads(st):
    r = st.run
    frm = st.src[:-len("_heads")]
    h, t, d = st.ix[-3], st.ix[-2], st.ix[-1]
    b = st.ix[0] if r.batched else 0
    src = (b * r.T + t) * r.d_out + h * r.hd + d
    st.head = "%s[%s%d, h·head_dim + d]" % (frm, "%d, " % b if r.batched else "", t)
    st.body.append("    h·head_dim + d = %d·%d + %d = %d" % (h, r.hd, d, h * r.hd + d))
    st.line_elem(frm, src)
    st.value = r.flatv(frm, src)
    st.used = [(frm, src)]


def rule_scores(st):
    r = st.run
    q, k = ("queries_heads", "keys_heads") if r.H > 1 else ("queries", "keys")
    T = r.T
    blk, i, j = st.flat // (T * T), st.flat // T % T, st.flat % T
    pos = r.tensor(q).dim() - 1
    rule_dot(st, q, (blk * T + i) * r.hd, 1, k, (blk * T + j) * r.hd, 1, r.hd, pos, pos, "d")


def rule_tri(st):
    i, j = st.ix
    upper = st.src == "mask"
    T = st.run.T
    st.head = ("1 if j > i else 0" if upper else "1 if j ≤ i else 0") + \
        "   (torch.%s(torch.ones(%d, %d)%s))" % ("triu" if upper else "tril", T, T, ", diagonal=1" if upper else "")
    st.body.append("    i = %d, j = %d: %s" % (i, j, "j > i, a future token" if j > i else "j ≤ i"))
    st.value = st.run.flatv(st.src, st.flat)


def rule_masked(st):
    r = st.run
    i, j = st.ix[-2], st.ix[-1]
    m = i * r.T + j
    st.head = "-inf if %s = 1 else %s" % (r.elem("mask", m), r.elem("attn_scores", st.flat))
    st.body.append("    %s = %s   (j = %d %s i = %d%s)" % (r.elem("mask", m), num(r.flatv("mask", m)), j,
                   ">" if j > i else "≤", i, ": a future token" if j > i else ""))
    if r.flatv("mask", m) != 0:
        st.value = r.flatv(st.src, st.flat)
        st.used = [("mask", m)]
        return
    st.line_elem("attn_scores", st.flat)
    st.value = r.flatv(st.src, st.flat)
    st.used = [("attn_scores", st.flat)]


def scale_line(r):
    if r.divides:
        return "    sqrt(head_dim) = sqrt(%d) = %s" % (r.hd, num(r.scale_used))
    return "    scale = %s" % num(r.scale_used)


def rule_scaled(st):
    r = st.run
    frm = "masked_scores" if r.causal else "attn_scores"
    x = r.flatv(frm, st.flat)
    st.head = r.elem(frm, st.flat)
    st.used = [(frm, st.flat)]
    st.value = r.flatv(st.src, st.flat)
    if not r.scaled:
        st.head += "   (simple mode: not scaled)"
        st.line_elem(frm, st.flat)
        return
    st.head += " / sqrt(head_dim)" if r.divides else " · scale"
    st.body.append(scale_line(r))
    st.line_op(x, "/" if r.divides else "·", r.scale_used)
    n = ddiv(rounded(x), rounded(r.scale_used)) if r.divides else rounded(x) * rounded(r.scale_used)
    st.naive = (n, n)


def rule_softmax(st):
    r = st.run
    unmasked = st.src == "unmasked_weights"
    frm = "attn_scores" if unmasked else "scaled_scores"
    scaled = unmasked and r.scaled
    T = r.T
    row = st.flat - st.flat % T
    j = st.flat % T
    x = r.tensor(frm).reshape(-1)[row:row + T]
    s = x
    if scaled:   # as reference.py scales (and the stage): a float32 tensor op with the scalar
        s = x / r.hd ** 0.5 if r.divides else x * float(r.cfg["scale"])
    m = torch.max(s)
    exps = torch.exp(s - m)
    total = lane_sum8(exps.tolist())
    inv = f32(1) / total
    want = r.tensor(st.src).reshape(-1)[row:row + T].tolist()
    got = [f32(e) * inv for e in np32(exps.tolist())]
    for k in range(T):
        if not same(got[k], want[k]):
            sys.exit("why_cases.py: %s row at %d: exps * (1 / lane sum) is %r, torch.softmax %r"
                     % (st.src, row, float(got[k]), want[k]))
    st.value = r.flatv(st.src, st.flat)
    st.head = "exp(s[%d] - m) / Σ_j exp(s[j] - m),  s = %s" % (j, r.elem(frm, row, st.ndim - 1, ":"))
    if scaled:
        st.head += " / sqrt(head_dim)" if r.divides else " · scale"
    st.body.append(("    " if scaled else "    s = ") + r.elem(frm, row, st.ndim - 1, ":") + " = "
                   + num_list(x.tolist(), st.verbose))
    if scaled:
        st.body.append(scale_line(r))
        st.body.append("    s = " + num_list(s.tolist(), st.verbose))
    st.body.append("    m = max_j s[j] = " + num(float(m)))
    st.body.append("    exp(s[j] - m) = " + num_list(exps.tolist(), st.verbose))
    st.body.append("    Σ_j exp(s[j] - m) = " + num(float(total)))
    st.body.append("    1 / Σ = " + num(float(inv)))
    st.line_op(exps.tolist()[j], "·", float(inv))
    # a learner's softmax of the printed scores, in double
    sd = []
    for v in x.tolist():
        v = rounded(v)
        if scaled:
            v = ddiv(v, rounded(r.scale_used)) if r.divides else v * rounded(r.scale_used)
        sd.append(v)
    md = -math.inf
    for v in sd:
        if math.isnan(md):
            break
        md = v if (math.isnan(v) or v > md) else md
    tot = 0.0
    for v in sd:
        tot += dexp(v - md)
    st.naive = (rounded(exps.tolist()[j]) * rounded(float(inv)), ddiv(dexp(sd[j] - md), tot))
    st.used = [(frm, row + k) for k in range(T)]


def rule_product(st):
    r = st.run
    dropped = st.src == "dropped_weights"
    a, b = ("attn_weights", "dropout_mask") if dropped else ("unmasked_weights", "mask_simple")
    fb = st.flat if dropped else st.flat % (r.T * r.T)
    x, y = r.flatv(a, st.flat), r.flatv(b, fb)
    st.head = "%s · %s" % (r.elem(a, st.flat), r.elem(b, fb))
    st.line_op(x, "·", y)
    st.value = r.flatv(st.src, st.flat)
    n = rounded(x) * rounded(y)
    st.naive = (n, n)
    st.used = [(a, st.flat), (b, fb)]


def rule_renorm(st):
    r = st.run
    T = r.T
    row = st.flat - st.flat % T
    j = st.flat - row
    x = r.S["masked_simple"].reshape(-1)[row:row + T]
    total = float(torch.sum(x))
    xs = x.tolist()
    assert same(f32(xs[j]) / f32(total), r.flatv(st.src, st.flat))
    st.head = "%s / Σ_j %s" % (r.elem("masked_simple", st.flat), r.elem("masked_simple", row, st.ndim - 1, "j"))
    st.body.append("    %s = %s" % (r.elem("masked_simple", row, st.ndim - 1, ":"), num_list(xs, st.verbose)))
    st.body.append("    Σ = " + num(total))
    st.line_op(xs[j], "/", total)
    st.value = r.flatv(st.src, st.flat)
    naive = 0.0
    for v in xs:
        naive += rounded(v)
    st.naive = (ddiv(rounded(xs[j]), rounded(total)), ddiv(rounded(xs[j]), naive))
    st.used = [("masked_simple", row + k) for k in range(T)]


def rule_dropout_mask(st):
    r = st.run
    cfg = r.cfg
    p = real_str(r.p)
    st.value = r.flatv(st.src, st.flat)
    kept = st.value != 0
    st.head = "1/(1-p) if kept else 0,  p = %s" % p
    if r.p >= 1:
        st.body.append("    p = 1: every element is dropped, nothing is drawn")
        return
    n = r.tensor(st.src).numel()
    s = "    %s: element %d (row-major, from 0) of the %d nn.Dropout(%s) drew " % (
        "kept" if kept else "dropped", st.flat, n, p)
    if cfg.get("dropout_seed") is not None:
        s += "after torch.manual_seed(%d)" % cfg["dropout_seed"]
    elif r.drawn or isinstance(cfg["inputs"], dict):
        s += "after torch.manual_seed(%d) and the run's draws before it" % r.seed
    else:
        s += "after torch.manual_seed(%d)" % r.seed
    st.body.append(s)
    if kept:
        st.body.append("    1/(1-p) = " + num(st.value))


def rule_context(st):
    r = st.run
    w = "dropped_weights" if r.p > 0 else "attn_weights"
    v = "values_heads" if r.H > 1 else "values"
    T, hd = r.T, r.hd
    row, d = st.flat // hd, st.flat % hd
    blk = row // T
    rule_dot(st, w, row * T, 1, v, blk * T * hd + d, hd, T, r.tensor(w).dim() - 1, r.tensor(v).dim() - 2, "j")


def rule_merge(st):
    r = st.run
    t, c = st.ix[-2], st.ix[-1]
    b = st.ix[0] if r.batched else 0
    h, d = c // r.hd, c % r.hd
    src = ((b * r.H + h) * r.T + t) * r.hd + d
    st.head = "context_vecs[%sh, %d, d],  h = %d // head_dim, d = %d %% head_dim" % (
        "%d, " % b if r.batched else "", t, c, c)
    st.body.append("    h = %d // %d = %d, d = %d %% %d = %d" % (c, r.hd, h, c, r.hd, d))
    st.line_elem("context_vecs", src)
    st.value = r.flatv("context_vecs", src)
    st.used = [("context_vecs", src)]


def rule(st):
    r, s = st.run, st.src
    if s in ("queries", "keys", "values"):
        if r.simple:
            rule_same(st)
        else:
            rule_project(st, "inputs", ["queries", "keys", "values"].index(s))
    elif s.endswith("_heads") if isinstance(s, str) else False:
        rule_heads(st)
    elif s == "attn_scores":
        rule_scores(st)
    elif s in ("mask", "mask_simple"):
        rule_tri(st)
    elif s == "masked_scores":
        rule_masked(st)
    elif s == "scaled_scores":
        rule_scaled(st)
    elif s in ("attn_weights", "unmasked_weights"):
        rule_softmax(st)
    elif s in ("masked_simple", "dropped_weights"):
        rule_product(st)
    elif s == "masked_simple_norm":
        rule_renorm(st)
    elif s == "dropout_mask":
        rule_dropout_mask(st)
    elif s == "context_vecs":
        rule_context(st)
    elif s == "merged":
        rule_merge(st)
    elif s == "output":
        rule_project(st, "merged" if r.H > 1 else "context_vecs", 3)
    else:
        rule_leaf(st)


def why(run, src, flat, depth, verbose):
    """The text of --why at depth (0: all), or None when it would pass MAX_STEPS."""
    seen = {(src, flat)}
    cur = [(src, flat)]
    texts = []
    level = 1
    while cur:
        deeper = depth == 0 or level < depth
        nxt = []
        for e in cur:
            if len(texts) == MAX_STEPS:
                return None
            st = Step(run, e[0], e[1], verbose)
            rule(st)
            texts.append(st.text())
            if deeper:
                for u in st.used:
                    if u not in seen:
                        seen.add(u)
                        nxt.append(u)
        cur = nxt
        level += 1
    return "\n".join(texts)


def text_of(path, expr, depth, verbose):
    """why's text for EXPR ("attn_weights[1, -1]") on the input at path (relative to the root)."""
    with open(os.path.join(ROOT, path)) as fh:
        cfg = json.load(fh)
    run = Run(cfg)
    name, rest = expr.split("[", 1)
    t = run.tensor(name)
    ix = [int(v) for v in rest.rstrip("]").split(",")]
    ix = [v + d if v < 0 else v for v, d in zip(ix, t.shape)]
    ref.set_print_options(cfg)
    return why(run, name, flat_of(t, ix), 0 if depth == "all" else int(depth), verbose)


# ---- the inputs ----

def rnd_matrix(rng, rows, cols, lo=-1.0, hi=1.0, digits=4):
    return [[round(rng.uniform(lo, hi), digits) for _ in range(cols)] for _ in range(rows)]


def random_cfg(rng, i):
    cfg = {}
    batched = rng.random() < 0.3
    T = rng.choice([1, 2, 3, 4, 5, 6, 6, 9, 10])
    d_in = rng.choice([1, 2, 3, 3, 4, 6, 10])
    B = rng.choice([2, 3])
    if rng.random() < 0.25:
        dims = ([B] if batched else []) + [T, d_in]
        cfg["inputs"] = {rng.choice(["rand", "randn"]): dims}
    else:
        digits = rng.choice([2, 4, 6])
        m = [rnd_matrix(rng, T, d_in, digits=digits) for _ in range(B)] if batched else \
            rnd_matrix(rng, T, d_in, digits=digits)
        cfg["inputs"] = m
    cfg["seed"] = rng.choice([0, 123, 789, 1337, rng.randrange(1, 1 << 20)])
    mode = rng.choice(["simple", "bare", "linear", "rand", "randn", "linear-init", "linear-init"])
    d_out = d_in
    if mode == "simple":
        heads = rng.choice([h for h in (1, 2, 3) if d_in % h == 0])
    else:
        heads = rng.choice([1, 1, 2, 3])
        hd = rng.choice([1, 2, 3, 4, 10]) if heads > 1 else rng.choice([1, 2, 3, 4, 10])
        d_out = heads * hd
    if heads > 1:
        cfg["heads"] = heads
    stacked = heads > 1 and rng.random() < 0.4
    if stacked:
        cfg["head_layout"] = "stacked"
    if mode in ("bare", "linear"):
        w = {}
        with_bias = mode == "linear" and rng.random() < 0.6
        if stacked and rng.random() < 0.5:
            hdim = d_out // heads
            hl = []
            for _ in range(heads):
                e = {}
                for name in LAYER_VAR[:3]:
                    if mode == "bare":
                        e[name] = rnd_matrix(rng, d_in, hdim)
                    else:
                        e[name] = {"weight": rnd_matrix(rng, hdim, d_in)}
                        if with_bias:
                            e[name]["bias"] = [round(rng.uniform(-1, 1), 4) for _ in range(hdim)]
                hl.append(e)
            w["heads"] = hl
        else:
            for name in LAYER_VAR[:3]:
                if mode == "bare":
                    w[name] = rnd_matrix(rng, d_in, d_out)
                else:
                    w[name] = {"weight": rnd_matrix(rng, d_out, d_in)}
                    if with_bias and rng.random() < 0.7:
                        w[name]["bias"] = [round(rng.uniform(-1, 1), 4) for _ in range(d_out)]
        if rng.random() < 0.4:
            if rng.random() < 0.5:
                w["out_proj"] = rnd_matrix(rng, d_out, d_out)
            else:
                w["out_proj"] = {"weight": rnd_matrix(rng, d_out, d_out),
                                 "bias": [round(rng.uniform(-1, 1), 4) for _ in range(d_out)]}
        cfg["weights"] = w
    elif mode != "simple":
        cfg["init"] = {"rand": "rand", "randn": "randn"}.get(mode, "linear")
        cfg["d_out"] = d_out
        if cfg["init"] == "linear" and rng.random() < 0.5:
            cfg["qkv_bias"] = True
        if rng.random() < 0.4:
            cfg["out_proj"] = True
        if rng.random() < 0.2:
            cfg["init_order"] = ["W_key", "W_query", "W_value"]
    if rng.random() < 0.6:
        cfg["causal"] = True
    if rng.random() < 0.2:
        cfg["scale"] = rng.choice([0.25, 0.5, 2.0, 1.0, d_out ** -0.5])
    if rng.random() < 0.35:
        cfg["dropout"] = rng.choice([0.5, 0.5, 0.25, 0.1, 1.0])
        if rng.random() < 0.6:
            cfg["dropout_seed"] = rng.choice([123, 7, rng.randrange(1 << 16)])
    if rng.random() < 0.3:
        po = {}
        if rng.random() < 0.7:
            po["precision"] = rng.choice([2, 3, 6, 8])
        if rng.random() < 0.4:
            po["sci_mode"] = rng.choice([True, False])
        cfg["print_options"] = po
    return cfg


def pick_cases(rng, run, many):
    """(depth, verbose, expr) for random elements of every stage."""
    cases = []
    names = [n for n in ref.STAGES if n in run.S]
    for n in names:
        t = run.S[n]
        for _ in range(many):
            ix = [rng.randrange(d) for d in t.shape]
            shown_ix = [v - d if rng.random() < 0.2 else v for v, d in zip(ix, t.shape)]
            expr = "%s[%s]" % (n, ", ".join(str(v) for v in shown_ix))
            depth = rng.choice([1, 2, 2, 2, 3])
            verbose = 1 if rng.random() < 0.15 else 0
            cases.append((depth, verbose, expr, n, ix))
    return cases


def flat_of(t, ix):
    f = 0
    for v, d in zip(ix, t.shape):
        f = f * d + v
    return f


def write_cases(name, cfg, run, cases, json_path=None):
    if json_path is None:
        with open(os.path.join(OUT, name + ".json"), "w") as fh:
            json.dump(cfg, fh)
            fh.write("\n")
    ref.set_print_options(cfg)
    lines, out = [], []
    for depth, verbose, expr, n, ix in cases:
        text = why(run, n, flat_of(run.S[n], ix), depth, verbose)
        if text is None:
            continue
        d = "all" if depth == 0 else str(depth)
        lines.append("%s %d %s" % (d, verbose, expr))
        out.append("### %s %d %s\n" % (d, verbose, expr) + text)
    with open(os.path.join(OUT, name + ".why"), "w") as fh:
        fh.write("".join(l + "\n" for l in lines))
    with open(os.path.join(OUT, name + ".out"), "w") as fh:
        fh.write("".join(out))
    return len(lines)


def tiny(rng, i):
    """Small inputs whose depth-all traces stay short."""
    for _ in range(100):
        cfg = random_cfg(rng, i)
        run = Run(cfg)
        size = sum(t.numel() for t in run.S.values())
        if size <= 400 and (run.T >= 2 or rng.random() < 0.3):
            return cfg, run
    return cfg, run


def main(argv):
    count = 40
    if argv[:1] == ["--count"]:
        count = int(argv[1])
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith((".json", ".why", ".out")):
            os.remove(os.path.join(OUT, f))
    rng = random.Random(20240616)
    total = 0
    for i in range(count):
        cfg = random_cfg(rng, i)
        run = Run(cfg)
        cases = pick_cases(rng, run, 1)
        total += write_cases("random-%02d" % i, cfg, run, cases)
    for i in range(8):
        cfg, run = tiny(rng, i)
        cases = pick_cases(rng, run, 1)
        cases = [(0, c[1], c[2], c[3], c[4]) for c in rng.sample(cases, min(3, len(cases)))]
        total += write_cases("all-%02d" % i, cfg, run, cases)
    for ex in ("your-journey", "journey-xw", "journey-linear-causal", "batch", "multihead-split",
               "multihead-stacked", "batched-multihead", "book-rand-123", "book-linear-789",
               "book-causal-dropout", "book-wrapper-123", "book-mha-123", "karpathy-1337"):
        path = os.path.join(ROOT, "data", ex + ".json")
        with open(path) as fh:
            cfg = json.load(fh)
        run = Run(cfg)
        cases = pick_cases(rng, run, 1)
        if ex == "your-journey":
            cases.insert(0, (1, 0, "attn_weights[1, 0]", "attn_weights", [1, 0]))
            # the element written as Python also writes it: a trailing comma, one bracket per index
            cases.insert(1, (1, 0, "attn_weights[1, 0, ]", "attn_weights", [1, 0]))
            cases.insert(2, (1, 0, "attn_weights[1][-6]", "attn_weights", [1, 0]))
        total += write_cases("data-" + ex, cfg, run, cases, json_path=path)
    print("why_cases.py: %d cases" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
