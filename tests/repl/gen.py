#!/usr/bin/python3
"""gen.py - assemble tests/repl/NAME.out from tests/repl/NAME.tmpl.

A .tmpl is the expected transcript of `attn-explain -i INPUT < NAME.in`
(stdout and stderr merged, then "status N"): the REPL's own text written out
literally, and in place of every number a directive (a line starting with
"@@ ") that computes it from real PyTorch:

  @@ torch FILE EXPR                    print(EXPR) on input FILE, exactly what
                                        tests/gen/reference.py FILE EXPR prints
  @@ heatmap FILE [-n] [--color] [EXPR] the heat map of EXPR (default: the
                                        weights heatmap.c picks), drawn here from
                                        PyTorch's values by heatmap.c's rules
  @@ maxdiff OLD NEW EXPR               "max abs diff: X" between EXPR on the
                                        inputs OLD and NEW
  @@ weight FILE LAYER.weight           an nn.Linear layer's weight (or .bias)
                                        as PyTorch prints the Parameter
  @@ include FILE                       FILE's text: check mode's reports,
                                        written from PyTorch's tensors by
                                        tests/gen/check_cases.py
  @@ why FILE DEPTH VERBOSE EXPR        what why -d DEPTH [-v] EXPR prints, every
                                        number from PyTorch (tests/gen/why_cases.py)

In literal lines the four characters \\033 stand for ESC (colour tests).
Literal text is the REPL's own (its messages as designed, cells' headers as
the CLI prints them); every number comes from a directive, never from
attn-explain.  The heat map follows heatmap.c's layout rules: when those
change, change heatmap() below.  FILE is an input as the contract describes
it (data/*.json, or the modified inputs tests/repl/*.json that stand for a
session's state after `set`).

Usage: /usr/bin/python3 tests/repl/gen.py [--check-fragile] [NAME ...]
(default: every .tmpl; --check-fragile writes nothing and reports every
directive whose digits another float32 implementation could print otherwise)
Needs Debian's python3-torch (PyTorch 1.13), like tests/gen/reference.py.
"""
import glob
import json
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "gen"))
sys.dont_write_bytecode = True	# nothing written into tests/gen/
import reference  # noqa: E402  (the contract in PyTorch)

_cache = {}


def load(path):
    if path not in _cache:
        with open(os.path.join(ROOT, path)) as fh:
            cfg = json.load(fh)
        S, _, L = reference.run(cfg)
        _cache[path] = (cfg, S, L)
    return _cache[path]


def torch_text(path, expr):
    with open(os.path.join(ROOT, path)) as fh:
        cfg = json.load(fh)
    return reference.render(cfg, [expr])


def weight(path, expr):
    """W_query.weight, W_key.bias, ...: an nn.Linear layer's Parameter as
    PyTorch prints it (layers of the full width only: not per head)."""
    cfg, _, L = load(path)
    name, attr = expr.split(".")
    kind, ws, bs = L["out_proj"] if name == "out_proj" else L["proj"][name]
    if kind != "linear" or len(ws) != 1:
        sys.exit("%s: %s is not one nn.Linear" % (path, name))
    reference.set_print_options(cfg)
    return str(ws[0] if attr == "weight" else bs[0]) + "\n"


def values(path, expr):
    cfg, S, _ = load(path)
    t = reference.evaluate(expr, S)
    return t.detach().to(dtype=reference.torch.float32).numpy()


def default_expr(S):
    name = "dropped_weights" if "dropped_weights" in S else "attn_weights"
    nd = S[name].dim()
    return name + ("[0, 0]" if nd == 4 else "[0]" if nd == 3 else "")


SHADES = [" ", "\u2591", "\u2592", "\u2593", "\u2588"]
STAGES = ["inputs", "queries", "keys", "values", "queries_heads", "keys_heads", "values_heads",
          "attn_scores", "mask", "masked_scores", "scaled_scores", "attn_weights", "unmasked_weights",
          "mask_simple", "masked_simple", "masked_simple_norm", "dropout_mask", "dropped_weights",
          "context_vecs", "merged", "output"]
ATTENTION = STAGES[STAGES.index("attn_scores"):STAGES.index("dropped_weights") + 1]
MASKED = ["masked_scores", "scaled_scores", "attn_weights", "dropped_weights", "masked_simple",
          "masked_simple_norm"]


def c_round(x):
    """lround: halves away from zero."""
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


def stage_map(S, expr, t):
    """(name, flat stage index of every cell) when expr only selects, slices
    and transposes one stage: evaluated on the stage replaced by its own flat
    indices k, and by -(k+1); else (None, None)."""
    words = set("".join(c if c.isalnum() or c == "_" else " " for c in expr).split())
    for name in STAGES:
        if name not in words or name not in S or S[name].numel() >= 1 << 24:
            continue
        st = S[name].detach()
        k = reference.torch.arange(st.numel(), dtype=reference.torch.float32).view(st.shape)
        try:
            a = reference.evaluate(expr, dict(S, **{name: k})).detach().numpy()
            b = reference.evaluate(expr, dict(S, **{name: -(k + 1)})).detach().numpy()
        except Exception:
            continue
        if a.shape != t.shape or b.shape != t.shape:
            continue
        if not (np.all(a >= 0) and np.all(a < st.numel()) and np.all(a == np.floor(a))
                and np.all(b == -(a + 1))):
            continue
        flat = st.numpy().ravel()[a.astype(np.int64)]
        if np.array_equal(flat.view(np.int32), t.view(np.int32)):
            return name, a.astype(np.int64)
    return None, None


def axis_kind(cfg, name, nd, d):
    heads = name.endswith("_heads") or (cfg.get("heads", 1) > 1 and (name in ATTENTION or name == "context_vecs"))
    end = nd - d
    if end == 1:
        return "key" if name in ATTENTION else "dim"
    if end == 2:
        return "query" if name in ATTENTION else "token"
    if end == 3:
        return "head" if heads else "batch"
    return "batch"


PLURAL = {"key": "keys", "query": "queries", "token": "tokens", "head": "heads", "batch": "batches"}


def plural(cfg, name, kind):
    """The axis as the title names it; a dimension by its width's name, as heatmap.c's dim_name()."""
    if kind != "dim":
        return PLURAL[kind]
    if name == "inputs":
        return "d_in"
    if name.endswith("_heads") or (name == "context_vecs" and cfg.get("heads", 1) > 1):
        return "head_dim"
    return "d_out"


def heatmap(path, args):
    numbers = "-n" in args
    color = "--color" in args
    rest = [a for a in args if a not in ("-n", "--color")]
    cfg, S, _ = load(path)
    expr = " ".join(rest) if rest else default_expr(S)
    t = values(path, expr)
    R, C = t.shape
    tokens = cfg.get("tokens")
    assert all(tok.isascii() and tok.isprintable() and len(tok) <= 12 for tok in tokens or [])
    name, idx = stage_map(S, expr, t)
    # rows and columns: which stage axis each walks, from the cells' stage coordinates
    regular = False
    if name is not None:
        shape = S[name].shape
        nd = len(shape)
        co = np.array(np.unravel_index(idx, shape))         # (nd, R, C)
        origin = co[:, 0, 0]
        vary_r = [d for d in range(nd) if R > 1 and co[d, 1, 0] != origin[d]]
        vary_c = [d for d in range(nd) if C > 1 and co[d, 0, 1] != origin[d]]
        if len(vary_r) <= 1 and len(vary_c) <= 1 and (R == 1) == (not vary_r) and (C == 1) == (not vary_c):
            ra = vary_r[0] if vary_r else None
            ca = vary_c[0] if vary_c else None
            if ra is None:
                ra = next(d for d in [nd - 2] + list(range(nd - 1, -1, -1)) if d != ca)
            if ca is None:
                ca = next(d for d in [nd - 1] + list(range(nd - 1, -1, -1)) if d != ra)
            rs = int(co[ra, 1, 0] - origin[ra]) if R > 1 else 1
            cs = int(co[ca, 0, 1] - origin[ca]) if C > 1 else 1
            want = np.array([[[origin[d] + (i * rs if d == ra else 0) + (j * cs if d == ca else 0)
                               for j in range(C)] for i in range(R)] for d in range(nd)])
            regular = ra != ca and rs > 0 and cs > 0 and np.array_equal(want, co)
    if regular:
        rkind, ckind = axis_kind(cfg, name, nd, ra), axis_kind(cfg, name, nd, ca)
        rpos = [int(origin[ra]) + i * rs for i in range(R)]
        cpos = [int(origin[ca]) + j * cs for j in range(C)]
    else:
        rpos, cpos = list(range(R)), list(range(C))
    causal = "mask" in S
    masked = np.zeros((R, C), dtype=bool)
    if name in MASKED and causal:
        T = S[name].shape[-1]
        masked = idx % T > idx // T % T

    def tok(kind, pos):
        return tokens[pos] if regular and tokens and kind in ("query", "key", "token") else None

    width = 80
    nd_ = max(len(str(p)) for p in rpos)
    tw = max([len(tok(rkind, p)) for p in rpos if tok(rkind, p) is not None] or [0]) if regular else 0
    lw = nd_ + (1 + tw if tw else 0)

    def cw_of(n):
        dg = len(str(cpos[n - 1]))
        return max(7 if numbers else 2, dg)

    n = 1
    while n < C and lw + (n + 1) * (1 + cw_of(n + 1)) <= width:
        n += 1
    cw = cw_of(n)
    shown = [(i, j) for i in range(R) for j in range(n)]
    fin = [float(t[i, j]) for i, j in shown if not masked[i, j] and np.isfinite(t[i, j])]
    lo, hi = (min(fin), max(fin)) if fin else (None, None)
    if fin and lo > 0:
        lo = 0.0

    def number(x):
        x = float(x)
        if math.isnan(x) or math.isinf(x):
            return "%6s" % ("nan" if math.isnan(x) else "inf" if x > 0 else "-inf")
        if x != 0 and abs(x) < 0.00005:
            return "%6.0e" % x
        for f in ("%6.4f", "%6.3f", "%6.2f", "%6.1f", "%6.0f"):
            if len(f % x) <= 6:
                return f % x
        return "%6.0e" % x

    if regular:
        consts = []
        for d in range(nd):
            if d in (ra, ca):
                continue
            k = axis_kind(cfg, name, nd, d)
            c = "%s %d" % (k, origin[d])
            if tok(k, origin[d]) is not None:
                c += ' "%s"' % tok(k, origin[d])
            consts.append(c)
        title = "%s  (%srows: %s, columns: %s)\n" % (expr, ", ".join(consts) + "; " if consts else "",
                                                    plural(cfg, name, rkind), plural(cfg, name, ckind))
    else:
        title = expr + "  (rows and columns: positions in the result)\n"
    out = [title, " " * lw + "".join(" %*d" % (cw, cpos[j]) for j in range(n)) + "\n"]
    for i in range(R):
        row = "%*d" % (nd_, rpos[i])
        if tw:
            row += " " + (tok(rkind, rpos[i]) or "").ljust(tw)
        for j in range(n):
            x = t[i, j]
            row += " "
            if masked[i, j]:
                dot = " " * (cw - 1) + "\u00b7"
                row += ("\033[2m" + dot + "\033[0m") if color else dot
                continue
            if np.isnan(x):
                row += ("\u00d7" + " " * (cw - 7) + number(x)) if numbers else " " * (cw - 1) + "\u00d7"
                continue
            if np.isinf(x):
                level = 1.0 if x > 0 else 0.0
            else:
                level = (float(x) - lo) / (hi - lo) if hi > lo else 0.0
            if color:
                c = 232 + c_round(level * 23)
                row += "\033[48;5;%dm\033[38;5;%dm" % (c, 16 if level > 0.5 else 255)
                row += (" " * (cw - 6) + number(x)) if numbers else " " * cw
                row += "\033[0m"
            else:
                s = SHADES[c_round(level * 4)]
                row += s + (" " * (cw - 7) + number(x) if numbers else s * (cw - 1))
        out.append(row + "\n")
    assert not (regular and ckind in ("query", "key", "token") and tokens
                and not (rkind in ("query", "key", "token") and all(p in rpos for p in cpos[:n]))), \
        "gen.py draws no key line"
    if lo is None:
        out.append("scale: no finite value to shade\n")
    elif lo == hi:
        out.append("scale: every shaded cell is %.4g, drawn %s\n" % (lo, "dark" if color else "' '"))
    else:
        out.append("scale: %s%.4g .. %.4g%s\n" % ("dark = " if color else "' ' = ", lo, hi,
                                                 " = light" if color else " = \u2588"))
    assert not any(np.isinf(t[i, j]) for i, j in shown if not masked[i, j]), "gen.py draws no inf"
    if any(masked[i, j] for i, j in shown):
        out.append("\u00b7 = masked (a future token: %s)\n" % (
            "-inf, so softmax gives it weight 0" if name in ("masked_scores", "scaled_scores") else
            "zeroed by mask_simple" if name in ("masked_simple", "masked_simple_norm") else
            "-inf before softmax, weight 0"))
    if any(np.isnan(t[i, j]) for i, j in shown if not masked[i, j]):
        out.append("\u00d7 = nan (not a number)\n")
    assert n == C, "gen.py draws no cut maps"
    return "".join(out)


def maxdiff(old, new, expr):
    a = values(old, expr).astype(np.float64).ravel()
    b = values(new, expr).astype(np.float64).ravel()
    m = 0.0
    for x, y in zip(a, b):
        if x == y or (math.isnan(x) and math.isnan(y)):
            continue
        d = abs(x - y)
        if math.isnan(d):
            m = float("nan")
            break
        m = max(m, d)
    return "max abs diff: %.6g\n" % m


def expand(tmpl):
    out = []
    with open(tmpl, encoding="utf-8", newline="") as fh:
        for line in fh.read().split("\n")[:-1]:
            if not line.startswith("@@ "):
                out.append(line.replace("\\033", "\033") + "\n")
                continue
            words = line[3:].split(" ")
            op, path, args = words[0], words[1], words[2:]
            if op == "torch":
                out.append(torch_text(path, " ".join(args)))
            elif op == "weight":
                out.append(weight(path, args[0]))
            elif op == "heatmap":
                out.append(heatmap(path, args))
            elif op == "maxdiff":
                out.append(maxdiff(path, args[0], " ".join(args[1:])))
            elif op == "include":	# a report written from PyTorch by tests/gen/check_cases.py
                with open(os.path.join(ROOT, path), encoding="utf-8") as inc:
                    out.append(inc.read())
            elif op == "why":
                import why_cases    # tests/gen/why_cases.py: every number from PyTorch
                out.append(why_cases.text_of(path, " ".join(args[2:]), args[0], int(args[1])))
            else:
                sys.exit("%s: unknown directive %r" % (tmpl, op))
    return "".join(out)


def check(tmpl):
    """Every directive's expression that another float32 implementation
    might print differently (tests/gen/reference.py --check-fragile)."""
    bad = 0
    with open(tmpl, encoding="utf-8") as fh:
        for line in fh:
            if not line.startswith("@@ "):
                continue
            words = line[3:].rstrip("\n").split(" ")
            op, path, args = words[0], words[1], words[2:]
            if op == "maxdiff":
                path, args = args[0], args[1:]
            if op in ("weight", "include"):
                continue        # drawn or given, never computed; or a check report (its own rule: one unit)
            if op in ("weight", "why"):
                continue        # given or drawn, or why's steps: checked against PyTorch by why_cases.py
            args = [a for a in args if a not in ("-n", "--color")]
            with open(os.path.join(ROOT, path)) as fh2:
                cfg = json.load(fh2)
            expr = " ".join(args) if args else default_expr(load(path)[1])
            for r in reference.fragile_report(cfg, [expr]):
                print("%s: %s: FRAGILE %s" % (os.path.basename(tmpl), path, r))
                bad += 1
    return bad


def main(names):
    fragile = "--check-fragile" in names
    names = [n for n in names if n != "--check-fragile"]
    tmpls = [os.path.join(HERE, n + ".tmpl") for n in names] or sorted(glob.glob(os.path.join(HERE, "*.tmpl")))
    if fragile:
        sys.exit(3 if sum(check(t) for t in tmpls) else 0)
    for t in tmpls:
        text = expand(t)
        with open(t[:-len(".tmpl")] + ".out", "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        print("wrote", os.path.relpath(t[:-len(".tmpl")] + ".out", ROOT))


if __name__ == "__main__":
    main(sys.argv[1:])
