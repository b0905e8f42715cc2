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


def c_round(x):
    """lround: halves away from zero."""
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


def heatmap(path, args):
    numbers = "-n" in args
    color = "--color" in args
    rest = [a for a in args if a not in ("-n", "--color")]
    cfg, S, _ = load(path)
    expr = " ".join(rest) if rest else default_expr(S)
    t = values(path, expr)
    T = t.shape[0]
    tokens = cfg.get("tokens")
    f32 = np.float32
    lo, hi = f32(np.inf), f32(-np.inf)
    for x in t.flat:
        if np.isfinite(x):
            lo = min(lo, f32(x))
            hi = max(hi, f32(x))
    if lo > 0:
        lo = f32(0)
    if not hi > lo:
        hi = f32(lo + f32(1))

    def label(i, width):
        s = tokens[i][:width] if tokens else "%d" % i
        return s.rjust(width)

    def number(x):
        x = float(x)
        if 0 <= x < 10:
            return "%6.4f" % x
        if -10 < x < 100:
            return "%6.3f" % x
        return "%6.0e" % x

    lw = max(len(tokens[i]) if tokens else len("%d" % i) for i in range(T))
    lw = min(lw, 12)
    cw = 7 if numbers else 2
    out = [expr + "  (rows: queries, columns: keys)\n"]
    out.append(" " * lw + "".join(" " + label(j, cw) for j in range(T)) + "\n")
    masked_any = False
    for i in range(T):
        row = label(i, lw)
        for j in range(T):
            x = f32(t[i, j])
            masked = (not np.isfinite(x)) or ("mask" in S and j > i)
            level = float(f32(x - lo) / f32(hi - lo)) if np.isfinite(x) else 0.0
            masked_any = masked_any or masked
            row += " "
            if masked:
                dot = " " * (cw - 1) + "\u00b7"
                row += ("\033[2m" + dot + "\033[0m") if color else dot
            elif color:
                c = 232 + c_round(level * 23)
                row += "\033[48;5;%dm\033[38;5;%dm" % (c, 16 if level > 0.5 else 255)
                row += (" " + number(x)) if numbers else "  "
                row += "\033[0m"
            else:
                s = SHADES[c_round(level * 4)]
                row += s + (number(x) if numbers else s)
        out.append(row + "\n")
    out.append("scale: %s%.4g .. %.4g%s\n" % ("dark = " if color else "' ' = ", float(lo), float(hi),
                                             " = light" if color else " = \u2588"))
    if masked_any:
        out.append("\u00b7 = masked (a future token, -inf before softmax)\n")
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
            if op == "weight":
                continue        # drawn or given, never computed: nothing to round
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
