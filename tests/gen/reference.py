#!/usr/bin/python3
"""Reference implementation of the attn-explain input contract in real PyTorch.

Usage:
    /usr/bin/python3 tests/gen/reference.py [--list] [--check-fragile] INPUT.json [EXPR ...]

Without EXPR: print(...) every stage this input computes, in stage order.
With EXPR:    print(eval(EXPR)) for each, the stage names being Python variables.
--list:          print only the names of the computed stages, one per line.
--check-fragile: print nothing of the tensors; instead report every displayed
                 element (of each stage, or of each EXPR) whose printed digits
                 could differ in another float32 implementation (different
                 summation order): see check_fragile() below. Exit status 3
                 if anything is fragile, 0 otherwise.

Used only to generate the committed golden outputs (tests/golden/*.out);
needs Debian's python3-torch (PyTorch 1.13, no MKL). See tests/gen/README.md.
"""
import json
import math
import os
import sys

# PyTorch's matrix products go through whichever libblas.so.3 the system
# alternative names.  The goldens come from the reference BLAS (libblas3),
# whose sequential float32 sums attn-explain reproduces bit for bit; with
# OpenBLAS installed the last bits would change.  Re-run on the reference one.
_REF_BLAS = '/usr/lib/x86_64-linux-gnu/blas'
if os.path.isdir(_REF_BLAS) and not os.environ.get('LD_LIBRARY_PATH', '').startswith(_REF_BLAS):
    os.environ['LD_LIBRARY_PATH'] = _REF_BLAS + (':' + os.environ['LD_LIBRARY_PATH'] if os.environ.get('LD_LIBRARY_PATH') else '')
    os.execv(sys.executable, [sys.executable] + sys.argv)

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch._tensor_str as ts

STAGES = [
    "inputs", "queries", "keys", "values",
    "queries_heads", "keys_heads", "values_heads",
    "attn_scores", "mask", "masked_scores", "scaled_scores", "attn_weights",
    "unmasked_weights", "mask_simple", "masked_simple", "masked_simple_norm",
    "dropout_mask", "dropped_weights", "context_vecs", "merged", "output",
]
LAYERS = ["W_query", "W_key", "W_value"]


def die(msg):
    sys.stderr.write("reference.py: %s\n" % msg)
    sys.exit(2)


def numeric(v):
    """JSON value -> nested Python floats; "inf", "-inf", "nan" strings accepted."""
    if isinstance(v, list):
        return [numeric(e) for e in v]
    if isinstance(v, str):
        if v in ("inf", "-inf", "nan"):
            return float(v)
        die("bad number string %r" % v)
    if isinstance(v, bool):
        die("boolean in a numeric array")
    return float(v)


def tens(v):
    return torch.tensor(numeric(v), dtype=torch.float32)


# --------------------------------------------------------------------------
# Leaves: everything that is given or drawn (float32), in draw order.
# A projection is ("bare", [W per head]) or ("linear", [weight per head],
# [bias per head] or None). One entry per head in the stacked layout, a
# single entry otherwise; concatenation happens in compute().
# --------------------------------------------------------------------------

def given_layer(spec):
    if isinstance(spec, dict):
        w = nn.Parameter(tens(spec["weight"]))
        b = nn.Parameter(tens(spec["bias"])) if spec.get("bias") is not None else None
        return ("linear", w, b)
    return ("bare", tens(spec), None)


def group(per_head):
    """[(kind, w, b), ...] per head -> (kind, [w...], [b...] or None)."""
    kinds = {p[0] for p in per_head}
    if len(kinds) != 1:
        die("all heads must give a layer in the same form")
    kind = per_head[0][0]
    ws = [p[1] for p in per_head]
    bs = [p[2] for p in per_head]
    if all(b is None for b in bs):
        bs = None
    elif any(b is None for b in bs):
        die("either all heads or none give a bias")
    return (kind, ws, bs)


def build_leaves(cfg):
    seed = cfg.get("seed", 0)
    if not (isinstance(seed, int) and 0 <= seed < 2 ** 64):
        die("seed must be an integer in [0, 2^64)")
    torch.manual_seed(seed)

    L = {}
    inp = cfg["inputs"]
    if isinstance(inp, dict):
        if "rand" in inp:
            x = torch.rand(*inp["rand"])
        elif "randn" in inp:
            x = torch.randn(*inp["randn"])
        else:
            die("inputs object needs rand or randn")
    else:
        x = tens(inp)
    if x.dim() not in (2, 3):
        die("inputs must be 2-d or 3-d")
    L["inputs"] = x
    d_in = x.shape[-1]

    weights = cfg.get("weights")
    init = cfg.get("init")
    heads = cfg.get("heads", 1)
    layout = cfg.get("head_layout", "split")
    order = cfg.get("init_order", LAYERS)
    proj = {}
    out_proj = None
    if weights is not None and init is not None:
        die("weights and init together")
    if weights is not None:
        if "heads" in weights:
            hl = weights["heads"]
            for name in LAYERS:
                proj[name] = group([given_layer(h[name]) for h in hl])
            if len(hl) != heads:
                die("weights.heads has %d entries, heads is %d" % (len(hl), heads))
        else:
            for name in LAYERS:
                k, w, b = given_layer(weights[name])
                proj[name] = (k, [w], None if b is None else [b])
        if weights.get("out_proj") is not None:
            out_proj = given_layer(weights["out_proj"])
        mode = "weights"
    elif init is not None:
        d_out = cfg["d_out"]
        if d_out % heads:
            die("heads must divide d_out")
        hd = d_out // heads
        qkv_bias = bool(cfg.get("qkv_bias", False))
        nheads, width = (heads, hd) if layout == "stacked" else (1, d_out)
        per = {n: [] for n in LAYERS}
        for _ in range(nheads):
            for name in order:
                if init == "rand":
                    per[name].append(("bare", torch.rand(d_in, width), None))
                elif init == "randn":
                    per[name].append(("bare", torch.randn(d_in, width), None))
                elif init == "linear":
                    lin = nn.Linear(d_in, width, bias=qkv_bias)
                    per[name].append(("linear", lin.weight, lin.bias))
                else:
                    die("bad init %r" % init)
        for name in LAYERS:
            proj[name] = group(per[name])
        if cfg.get("out_proj", False):
            lin = nn.Linear(d_out, d_out)
            out_proj = ("linear", lin.weight, lin.bias)
        mode = "init"
    else:
        mode = "simple"
    L["proj"] = proj
    L["out_proj"] = out_proj
    L["mode"] = mode

    # shapes, for the dropout draws (which depend on nothing else)
    T = x.shape[-2]
    lead = tuple(x.shape[:-2])
    if mode == "simple":
        d_out = d_in
    elif mode == "weights":
        k, ws, _ = proj["W_query"]
        d_out = sum(w.shape[1] if k == "bare" else w.shape[0] for w in ws)
    else:
        d_out = cfg["d_out"]
    if d_out % heads:
        die("heads must divide d_out")
    L["T"], L["lead"], L["d_out"], L["H"], L["hd"] = T, lead, d_out, heads, d_out // heads

    p = float(cfg.get("dropout", 0))
    L["p"] = p
    if p > 0:
        if cfg.get("dropout_rng", "default") == "mkl":
            die('dropout_rng "mkl" cannot be produced by this torch build (no MKL)')
        if cfg.get("dropout_seed") is not None:
            torch.manual_seed(cfg["dropout_seed"])
        shape = lead + ((heads,) if heads > 1 else ()) + (T, T)
        drop = nn.Dropout(p)
        drop.train()
        # same draws as nn.Dropout(p)(attn_weights); ones_like(attn_weights)
        L["dropout_mask"] = drop(torch.ones(shape))
    return L


# --------------------------------------------------------------------------
# The computation. Impl is the real thing (PyTorch float32, with autograd);
# the other implementations exist for --check-fragile only: float64, and
# three float32 variants with other summation orders, standing in for
# another float32 implementation (the C tool).
# --------------------------------------------------------------------------

class Impl:
    """PyTorch float32 as print() shows it (or float64 with dtype=float64)."""
    name = "torch"

    def __init__(self, dtype=torch.float32):
        self.dtype = dtype

    def cv(self, t):
        if t is None or self.dtype == torch.float32:
            return t
        if isinstance(t, nn.Parameter):
            return nn.Parameter(t.detach().to(self.dtype))
        return t.to(self.dtype)

    def mm(self, a, b):
        return a @ b

    def linear(self, x, w, b):
        return F.linear(x, w, b)

    def softmax(self, x):
        return torch.softmax(x, dim=-1)

    def rowsum(self, x):
        return x.sum(dim=-1, keepdim=True)

    def div_sqrt(self, t, hd):
        return t / hd ** 0.5


class Rounded32(Impl):
    """Every reduction computed in float64 and rounded once to float32."""
    name = "float64-rounded"

    def cv(self, t):
        return None if t is None else t.detach()

    def mm(self, a, b):
        return (a.double() @ b.double()).float()

    def linear(self, x, w, b):
        r = x.double() @ w.double().T
        if b is not None:
            r = r + b.double()
        return r.float()

    def softmax(self, x):
        return torch.softmax(x.double(), dim=-1).float()

    def rowsum(self, x):
        return x.double().sum(dim=-1, keepdim=True).float()

    def div_sqrt(self, t, hd):
        return (t.double() / hd ** 0.5).float()


def seq_sum(t):
    """Left-to-right float32 sum over the last dimension, keepdim."""
    acc = t[..., 0:1]
    for k in range(1, t.shape[-1]):
        acc = acc + t[..., k:k + 1]
    return acc


class Sequential32(Impl):
    """Naive C loops: sequential sums, exp(x - max) / sum."""
    name = "sequential-float32"

    def cv(self, t):
        return None if t is None else t.detach()

    def mm(self, a, b):
        acc = None
        for k in range(a.shape[-1]):
            p = a[..., :, k:k + 1] * b[..., k:k + 1, :]
            acc = p if acc is None else acc + p
        return acc

    def linear(self, x, w, b):
        r = self.mm(x, w.T)
        return r if b is None else r + b

    def softmax(self, x):
        m = x.max(dim=-1, keepdim=True).values
        e = torch.exp(x - m)
        return e / seq_sum(e)

    def rowsum(self, x):
        return seq_sum(x)

    def div_sqrt(self, t, hd):
        return t * torch.tensor(1.0 / hd ** 0.5, dtype=torch.float32)


class Reversed32(Impl):
    """PyTorch kernels fed reversed operands; softmax as e * (1 / sum)."""
    name = "reversed-float32"

    def cv(self, t):
        return None if t is None else t.detach()

    def mm(self, a, b):
        return a.flip(-1) @ b.flip(-2)

    def linear(self, x, w, b):
        r = x.flip(-1) @ w.T.flip(-2)
        return r if b is None else b + r

    def softmax(self, x):
        m = x.max(dim=-1, keepdim=True).values
        e = torch.exp(x - m)
        return e * (1.0 / e.flip(-1).sum(dim=-1, keepdim=True))

    def rowsum(self, x):
        return x.flip(-1).sum(dim=-1, keepdim=True)


def compute(cfg, L, impl=None):
    impl = impl or Impl()
    dtype = impl.dtype
    cv = impl.cv
    S = {}
    x = cv(L["inputs"])
    S["inputs"] = x
    T, lead, d_out, H, hd = L["T"], L["lead"], L["d_out"], L["H"], L["hd"]

    def apply(layer, inp):
        kind, w, b = layer
        if kind == "bare":
            return impl.mm(inp, w)
        return impl.linear(inp, w, b)

    def full(entry):
        kind, ws, bs = entry
        ws = [cv(w) for w in ws]
        bs = None if bs is None else [cv(b) for b in bs]
        if kind == "bare":
            w = ws[0] if len(ws) == 1 else torch.cat(ws, dim=1)
            return ("bare", w, None)
        w = ws[0] if len(ws) == 1 else torch.cat(ws, dim=0)
        b = None
        if bs is not None:
            b = bs[0] if len(bs) == 1 else torch.cat(bs, dim=0)
        return ("linear", w, b)

    mode = L["mode"]
    if mode == "simple":
        q = k = v = x
    else:
        q = apply(full(L["proj"]["W_query"]), x)
        k = apply(full(L["proj"]["W_key"]), x)
        v = apply(full(L["proj"]["W_value"]), x)
    S["queries"], S["keys"], S["values"] = q, k, v

    if H > 1:
        def split(t):
            return t.view(*lead, T, H, hd).transpose(-3, -2)
        qh, kh, vh = split(q), split(k), split(v)
        S["queries_heads"], S["keys_heads"], S["values_heads"] = qh, kh, vh
    else:
        qh, kh, vh = q, k, v

    scores = impl.mm(qh, kh.transpose(-2, -1))
    S["attn_scores"] = scores
    causal = bool(cfg.get("causal", False))
    if causal:
        mask = torch.triu(torch.ones(T, T, dtype=dtype), diagonal=1)
        S["mask"] = mask
        masked = scores.masked_fill(mask.bool(), -torch.inf)
        S["masked_scores"] = masked
        s = masked
    else:
        s = scores

    scale = cfg.get("scale")

    def scaled(t):
        if scale is None:
            if mode == "simple":
                return t
            return impl.div_sqrt(t, hd)
        return t * float(scale)

    S["scaled_scores"] = scaled(s)
    aw = impl.softmax(S["scaled_scores"])
    S["attn_weights"] = aw
    if causal:
        S["unmasked_weights"] = impl.softmax(scaled(scores))
        S["mask_simple"] = torch.tril(torch.ones(T, T, dtype=dtype))
        S["masked_simple"] = S["unmasked_weights"] * S["mask_simple"]
        S["masked_simple_norm"] = S["masked_simple"] / impl.rowsum(S["masked_simple"])
    if L["p"] > 0:
        dm = cv(L["dropout_mask"])
        S["dropout_mask"] = dm
        S["dropped_weights"] = aw * dm
        w_used = S["dropped_weights"]
    else:
        w_used = aw
    ctx = impl.mm(w_used, vh)
    S["context_vecs"] = ctx
    if H > 1:
        if cfg.get("head_layout", "split") == "stacked":
            # the book's MultiHeadAttentionWrapper: torch.cat([head(x) for head in self.heads], dim=-1)
            S["merged"] = torch.cat(list(ctx.unbind(-3)), dim=-1)
        else:
            S["merged"] = ctx.transpose(-3, -2).contiguous().view(*lead, T, d_out)
        last = S["merged"]
    else:
        last = ctx
    if L["out_proj"] is not None:
        kind, w, b = L["out_proj"]
        S["output"] = apply((kind, cv(w), cv(b)), last)
    return S


# --------------------------------------------------------------------------
# Fragility check
# --------------------------------------------------------------------------

def displayed_indices(t):
    """Index lists per dimension of the elements print(t) shows."""
    o = ts.PRINT_OPTS
    summarize = t.numel() > o.threshold
    idx = []
    for n in t.shape:
        if summarize and n > 2 * o.edgeitems:
            idx.append(list(range(o.edgeitems)) + list(range(n - o.edgeitems, n)))
        else:
            idx.append(list(range(n)))
    return idx


def formatter_for(t):
    if t.numel() > ts.PRINT_OPTS.threshold:
        t = ts.get_summarized_data(t)
    return ts._Formatter(t)


def fmt_decision_fragile(t32, t64):
    """Is the choice of int/sci/fixed mode itself near a decision boundary?"""
    reasons = []
    f32, f64 = formatter_for(t32), formatter_for(t64)
    if f32.int_mode != f64.int_mode:
        reasons.append("int_mode %s in float32, %s in float64" % (f32.int_mode, f64.int_mode))
    if f32.sci_mode != f64.sci_mode:
        reasons.append("sci_mode %s in float32, %s in float64" % (f32.sci_mode, f64.sci_mode))
    if ts.PRINT_OPTS.sci_mode is None:
        d = t32 if t32.numel() <= ts.PRINT_OPTS.threshold else ts.get_summarized_data(t32)
        v = d.reshape(-1).double()
        v = v[torch.isfinite(v) & (v != 0)].abs()
        if v.numel():
            mx, mn = v.max().item(), v.min().item()
            near = lambda a, b: abs(a - b) <= 4e-6 * abs(b)
            if near(mx / mn, 1000.0):
                reasons.append("max/min %.9g near 1000" % (mx / mn))
            if near(mx, 1e8):
                reasons.append("max %.9g near 1e8" % mx)
            if not f32.int_mode and near(mn, 1e-4):
                reasons.append("min %.9g near 1e-4" % mn)
    return f32, reasons


def boundaries(x, sci, int_mode, prec):
    """Nearest rounding boundaries of the printed representation around x."""
    ax = abs(x)
    out = [0.0]
    if sci:
        if ax == 0:
            return out
        e = math.floor(math.log10(ax))
        for ee in (e - 1, e, e + 1):
            # mantissas of decade ee: 10**prec .. 10**(prec+1) - 1 units
            unit = 10.0 ** (ee - prec)
            m = math.floor(ax / unit - 0.5)
            for mm in (m - 1, m, m + 1):
                if 10 ** prec <= mm < 10 ** (prec + 1):
                    out.append((mm + 0.5) * unit)
    else:
        p = 0 if int_mode else prec
        unit = 10.0 ** (-p)
        m = math.floor(ax / unit - 0.5)
        for mm in (m - 1, m, m + 1):
            out.append((mm + 0.5) * unit)
    return out


def check_tensor(label, t32, t64):
    """Report lines for the fragile displayed elements of t32 (float64 twin t64)."""
    rep = []
    if not isinstance(t32, torch.Tensor) or not t32.dtype.is_floating_point:
        return rep
    t32 = t32.detach()
    t64 = t64.detach()
    if t32.numel() == 0:
        return rep
    f32, reasons = fmt_decision_fragile(t32, t64)
    for r in reasons:
        rep.append("%s: %s" % (label, r))
    prec = ts.PRINT_OPTS.precision
    has_neg = bool((t64 < 0).any())
    tmax = float(t64[torch.isfinite(t64)].abs().max()) if torch.isfinite(t64).any() else 0.0
    import itertools
    for ix in itertools.product(*displayed_indices(t32)):
        a = float(t32[ix])
        b = float(t64[ix])
        if not math.isfinite(a) or not math.isfinite(b):
            if not (math.isnan(a) and math.isnan(b)) and a != b:
                rep.append("%s%s: float32 %r float64 %r" % (label, list(ix), a, b))
            continue
        why = None
        if f32.format(a) != f32.format(b):
            why = "prints %r, float64 %r" % (f32.format(a).strip(), f32.format(b).strip())
        elif a == b:
            # float64 needed no rounding beyond float32's: the value is exact
            # and every implementation gets it
            continue
        elif a == 0.0 or b == 0.0:
            why = "zero in one precision only"
        else:
            margin = max(2e-6 * abs(a), 8 * abs(a - b))
            d = min(abs(abs(a) - bd) for bd in boundaries(a, f32.sci_mode, f32.int_mode, prec))
            if d < margin:
                why = "%.3g from a rounding boundary (margin %.3g)" % (d, margin)
            elif (has_neg and not f32.sci_mode and abs(a) < 0.5 * 10.0 ** -prec
                  and abs(a) < 1e-6 * tmax):
                why = "rounds to a signed zero and is within noise of 0"
        if why:
            rep.append("%s%s: %.9g (float64 %.12g) %s" % (label, list(ix), a, b, why))
    return rep


# --------------------------------------------------------------------------

def set_print_options(cfg):
    po = cfg.get("print_options", {}) or {}
    torch.set_printoptions(
        precision=po.get("precision", 4),
        threshold=po.get("threshold", 1000),
        edgeitems=po.get("edgeitems", 3),
        linewidth=po.get("linewidth", 80),
        sci_mode=po.get("sci_mode", None),
    )


def run(cfg, exprs=None):
    """-> (stage dict, names of computed stages, leaves)."""
    L = build_leaves(cfg)
    S = compute(cfg, L)
    names = [n for n in STAGES if n in S]
    return S, names, L


def evaluate(e, S):
    return eval(e, {"torch": torch}, dict(S))


def render(cfg, exprs=None):
    """What reference.py INPUT EXPR... prints, as a string."""
    S, names, _ = run(cfg)
    set_print_options(cfg)
    return "".join(str(evaluate(e, S)) + "\n" for e in (exprs or names))


def fragile_report(cfg, exprs=None):
    """Report lines for every displayed element that another float32
    implementation might print differently. Empty: nothing fragile."""
    S, names, L = run(cfg)
    set_print_options(cfg)
    S64 = compute(cfg, L, Impl(torch.float64))
    with torch.no_grad():
        alts = [(impl.name, compute(cfg, L, impl))
                for impl in (Rounded32(), Sequential32(), Reversed32())]
    rep = []
    for e in (exprs or names):
        r32 = evaluate(e, S)
        if not isinstance(r32, torch.Tensor):
            continue
        rep += check_tensor(e, r32, evaluate(e, S64))
        mine = str(r32.detach()).splitlines()
        for name, SA in alts:
            other = str(evaluate(e, SA).detach()).splitlines()
            n = max(len(mine), len(other))
            mine_, other_ = mine + [""] * (n - len(mine)), other + [""] * (n - len(other))
            for i in range(n):
                if mine_[i] != other_[i]:
                    rep.append("%s: %s prints line %d differently: %r vs %r"
                               % (e, name, i + 1, mine_[i], other_[i]))
    return rep


def main(argv):
    list_only = False
    fragile = False
    args = []
    for a in argv:
        if a == "--list":
            list_only = True
        elif a == "--check-fragile":
            fragile = True
        else:
            args.append(a)
    if not args:
        die("usage: reference.py [--list] [--check-fragile] INPUT.json [EXPR ...]")
    with open(args[0]) as fh:
        cfg = json.load(fh)
    exprs = args[1:]
    if list_only:
        for n in run(cfg)[1]:
            print(n)
        return 0
    if not fragile:
        sys.stdout.write(render(cfg, exprs))
        return 0
    rep = fragile_report(cfg, exprs)
    for line in rep:
        print("FRAGILE " + line)
    return 3 if rep else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
