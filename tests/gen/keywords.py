#!/usr/bin/python3
"""keywords.py - the keyword audit (issue 24 item 10): every builtin's keywords
against PyTorch 1.13's.

Reads the builtin tables (the rows of src/py/lib_tensor.c, lib_torch.c,
lib_python.c and lib_iter.c carry each function's signature text), and for
every function and every keyword it names, plus the keywords any other row
names (probes: dim, keepdim, dtype, ...), asks real PyTorch whether a call
with that keyword alone is taken (a try call).  It writes tests/audit/keywords.in,
one call per line: each keyword our signature names, and each probe PyTorch
takes; tests/gen/sessions.py then writes keywords.out and keywords.err from
PyTorch.  Probes PyTorch refuses are not written (both refuse; the messages
are TypeErrors of PyTorch's own argument parser, listed with --refused).

The audit is not yet a py case: tests/audit/ holds it until the interpreter
answers every line as PyTorch does (compare: tests/pyrun data/your-journey.json
< tests/audit/keywords.in, against keywords.out and keywords.err); the
differences found so far are fixed one by one with a py case each
(tests/py/keywords-keepdim: sum/mean/var/max/min with keepdim and no dim).

Usage: /usr/bin/python3 tests/gen/keywords.py [--refused]
       /usr/bin/python3 tests/gen/sessions.py tests/audit/keywords.in
"""
import os
import re
import sys

import torch  # noqa: F401  (the try calls)
import torch.nn as nn  # noqa: F401
import torch.nn.functional as F  # noqa: F401
import math  # noqa: F401

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INPUT = "data/your-journey.json"

# the session's set-up lines (and the same names for the try calls)
SETUP = [
    "x = attn_scores.clone()",
    "v = inputs[0].clone()",
    "m = x > 1",
    "w = torch.ones(2, 3)",
]

# a value for each parameter name; per function where the name's default does not fit
VALUE = {
    "dim": "0", "keepdim": "True", "dtype": "torch.float32", "unbiased": "False", "correction": "0",
    "dim0": "0", "dim1": "1", "mask": "m", "value": "0.5", "tensor": "v", "other": "x", "mat2": "x",
    "exponent": "2", "rtol": "0.1", "atol": "0.1", "equal_nan": "True", "diagonal": "1",
    "requires_grad": "True", "data": "[1., 2.]", "input": "x", "seed": "1", "tensors": "[x, x]",
    "start": "1", "end": "4", "step": "2", "sizes": "[2, 3]", "weight": "w", "bias": "None", "p": "0.5",
    "training": "False", "inplace": "False", "in_features": "3", "out_features": "2", "x": "2.",
    "sep": "'-'", "end_print": "'!'", "obj": "[1, 2]", "iterable": "[1, 2]", "number": "2.5",
    "ndigits": "1", "_stacklevel": "3",
}
PER_FN = {
    ("Tensor", "dot"): {"tensor": "v"}, ("torch", "dot"): {"input": "v", "tensor": "v"},
    ("torch.nn.functional", "linear"): {"input": "inputs"},
    ("torch.nn.functional", "dropout"): {"training": "False"},
    ("torch", "ones_like"): {"input": "x"}, ("torch", "zeros_like"): {"input": "x"},
    ("", "print"): {"end": "'!'"}, ("", "len"): {"obj": "[1, 2]"},
    ("", "float"): {"x": "'2.5'"}, ("", "int"): {"x": "2.5"}, ("", "bool"): {"x": "0"}, ("", "abs"): {"x": "-2"},
    ("", "enumerate"): {"start": "1"}, ("", "sum"): {"start": "1"},
    ("math", "sqrt"): {"x": "2."}, ("math", "exp"): {"x": "1."},
    ("torch", "tensor"): {"data": "[1., 2.]"}, ("torch", "Size"): {"sizes": "[2, 3]"},
    ("torch", "arange"): {"start": "1", "end": "4", "step": "2"},
    ("torch", "to"): {}, ("Tensor", "to"): {"dtype": "torch.float64"},
}
PREFIX = {"Tensor": "x.", "torch": "torch.", "torch.nn.functional": "F.", "torch.nn": "nn.", "math": "math.", "": ""}
ROW = re.compile(r'^\s*(MTH|BOTH|BOTH0)\("(\w+)", \w+, [^,]+(?:, "([^"]*)")?\)')
FULL = re.compile(r'^\s*\{ "([\w.]*)", "(\w+)", \w+, [^,]+, "([^"]*)", \d \}')


def rows():
    out = []
    for f in ("lib_tensor.c", "lib_torch.c", "lib_python.c", "lib_iter.c"):
        for line in open(os.path.join(ROOT, "src", "py", f)):
            m = ROW.match(line)
            if m:
                kind, name, params = m.group(1), m.group(2), m.group(3) or ""
                out.append(("Tensor", name, params))
                if kind != "MTH":
                    out.append(("torch", name, "input" + (", " + params if params else "")))
                continue
            m = FULL.match(line)
            if m:
                out.append((m.group(1), m.group(2), m.group(3)))
    return out


def params_of(text):
    """[(name, required)] of the named parameters; *args are left out."""
    ps = []
    for p in [p.strip() for p in text.split(",") if p.strip()]:
        if p.startswith("*"):
            continue
        ps.append((p.split("=")[0], "=" not in p))
    return ps


def call(ns, name, params, kw):
    """The call with kw as a keyword: the required ones before it positional, after it as keywords."""
    vals = dict(VALUE)
    vals.update(PER_FN.get((ns, name), {}))
    args, seen = [], False
    for p, req in params:
        if p == kw:
            seen = True
            continue
        if req:
            args.append(vals[p] if not seen else "%s=%s" % (p, vals[p]))
    if not any(p == kw for p, _ in params):	# a probe: required ones positional
        args = [vals[p] for p, req in params if req]
    args.append("%s=%s" % (kw, vals.get(kw, "0")))
    return "%s%s(%s)" % (PREFIX[ns], name, ", ".join(args))


def taken(line, env):
    try:
        eval(line, env)
        return True
    except TypeError as e:
        return "argument" not in str(e) and "keyword" not in str(e)
    except Exception:
        return True


def main():
    import json
    sys.path.insert(0, os.path.join(ROOT, "tests", "gen"))
    import reference
    with open(os.path.join(ROOT, INPUT)) as fh:
        S, _, _ = reference.run(json.load(fh))
    env = {"torch": torch, "nn": nn, "F": F, "math": math}
    env.update(S)
    for s in SETUP:
        exec(s, env)
    table = rows()
    probes = sorted({p for _, _, t in table for p, _ in params_of(t)})
    lines, refused = [], []
    for ns, name, text in table:
        if ns == "torch" and name in ("manual_seed",):
            continue	# resets the generator: the session's later draws would differ for no reason
        ps = params_of(text)
        own = [p for p, _ in ps]
        for kw in own:
            lines.append(call(ns, name, ps, kw))
        for kw in probes:
            if kw in own:
                continue
            line = call(ns, name, ps, kw)
            (lines if taken(line, dict(env)) else refused).append(line)
    if "--refused" in sys.argv:
        print("\n".join(refused))
        return
    with open(os.path.join(ROOT, "tests", "audit", "keywords.in"), "w") as fh:
        fh.write("# input: %s\n" % INPUT)
        fh.write("# written by tests/gen/keywords.py: every builtin called with each keyword its signature names,\n")
        fh.write("# and with each other keyword PyTorch 1.13 takes (issue 24 item 10)\n")
        for s in SETUP:
            fh.write(s + "\n")
        for line in lines:
            fh.write(line + "\n")
    print("wrote tests/audit/keywords.in: %d calls, %d probes refused by PyTorch left out" % (len(lines), len(refused)))


if __name__ == "__main__":
    main()
