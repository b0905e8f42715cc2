#!/usr/bin/python3
"""keywords_sig.py - the keyword audit from PyTorch 1.13's own signatures
(issue 24 item 10): every builtin of the interpreter called with each keyword
PyTorch's signature of it names, and the calls PyTorch refuses for its
arguments (none at all, an unknown keyword, a value given twice).

The builtins are the rows of src/py/lib_*.c (their namespace and name);
their parameters are not read from our rows but from PyTorch: the stubs
torch/_C/__init__.pyi (_TensorBase, a tensor's methods) and
torch/_C/_VariableFunctions.pyi (torch.f), every overload; inspect.signature
for Python functions (F.softmax, nn.Linear.__init__, len, ...); a small table
for the builtins inspect cannot read (int, zip, max, ...).

Keywords attn-explain does not implement (device, out, layout, memory_format,
...; SKIP below) are left out: a row names them (`~name`) and refuses them
unless given their default.  Each line is first run in real PyTorch; a line
whose call or result needs float64 goes to tests/py/keywords-sig64.in, the
others to tests/py/keywords-sig.in.
tests/gen/sessions.py then writes each file's .out and .err from PyTorch.

Usage: /usr/bin/python3 tests/gen/keywords_sig.py
       /usr/bin/python3 tests/gen/sessions.py tests/py/keywords-sig.in tests/py/keywords-sig64.in
"""
import ast
import inspect
import math
import os
import re
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STUBS = os.path.join(os.path.dirname(torch.__file__), "_C")
INPUT = "data/your-journey.json"
SETUP = ["x = attn_scores.clone()", "v = inputs[0].clone()", "m = x > 1", "w = torch.ones(2, 3)"]

# keywords PyTorch has and attn-explain does not (the rows name them ~name)
SKIP = {"out", "layout", "device", "pin_memory", "names", "memory_format", "generator", "non_blocking", "copy",
        "alpha", "rounding_mode", "implicit", "file", "flush", "strict", "key", "default", "base", "profile",
        "_stacklevel", "self"}
# functions left out, and why
LEFT_OUT = {
    ("torch", "manual_seed"): "resets the generator: every later draw would differ",
    ("torch", "set_printoptions"): "changes every later print",
    ("", "print"): "prints; its keywords are in tests/py",
    ("", "type"): "type(object=) is Python's own special case",
    ("", "super"): "only inside a method",
    ("torch", "Tensor"): "the type, not a function",
}
# lines left out, and why
LEFT_OUT_LINES = {
    "list(enumerate())": "enumerate's own messages (3.11's vectorcall), not Argument Clinic's",
    "list(enumerate([1, 2], iterable=[1, 2]))": "enumerate's own messages",
    "x.add()": "PyTorch prints the typed signature (a hidden deprecated overload)", "torch.add()": "the same",
    "x.sub()": "the same", "torch.sub()": "the same", "x.add_()": "the same", "x.sub_()": "the same",
}
# a value for each parameter name; per function where the name's default does not fit
VALUE = {
    "dim": "0", "keepdim": "True", "dtype": "torch.float32", "unbiased": "False", "correction": "0",
    "dim0": "0", "dim1": "1", "mask": "m", "value": "0.5", "tensor": "v", "other": "x", "mat2": "x",
    "exponent": "2", "rtol": "0.1", "atol": "0.1", "equal_nan": "True", "diagonal": "1",
    "requires_grad": "True", "data": "[1., 2.]", "input": "x", "seed": "1", "tensors": "[x, x]",
    "start": "1", "end": "4", "step": "2", "size": "(2, 3)", "shape": "(36,)", "dims": "(1, 0)",
    "weight": "w", "bias": "None", "p": "0.5", "training": "False", "inplace": "False", "in_features": "3",
    "out_features": "2", "x": "2.", "obj": "[1, 2]", "iterable": "[1, 2]", "number": "2.5", "ndigits": "1",
    "condition": "m", "self": "x", "sizes": "[2, 3]", "recurse": "True", "mode": "True", "modules": "None",
    "class_or_tuple": "list", "format_spec": "'.2f'", "args": "1", "object": "1", "weight_lin": "w",
}
PER_FN = {
    ("torch", "dot"): {"input": "v", "tensor": "v"}, ("Tensor", "dot"): {"tensor": "v"},
    ("torch.nn.functional", "linear"): {"input": "inputs"},
    ("torch", "where"): {"input": "x", "other": "x"},
    ("", "float"): {"x": "'2.5'"}, ("", "abs"): {"x": "-2"}, ("", "format"): {"value": "2.5"},
    ("torch", "tensor"): {"data": "[1., 2.]"},
    ("torch", "arange"): {"start": "1", "end": "4", "step": "2"},
    ("Tensor", "view"): {"size": "(36,)"}, ("Tensor", "expand"): {"size": "(2, 6, 6)"},
    ("Tensor", "to"): {"dtype": "torch.float32"},
    ("torch", "einsum"): {},
}
PREFIX = {"Tensor": "x.", "torch": "torch.", "torch.nn.functional": "F.", "torch.nn": "nn.", "math": "math.",
          "": ""}
# Python builtins inspect cannot read: (name, required, kwonly, posonly) lists
BUILTIN = {
    "int": [("x", False, False, True)], "bool": [("x", False, False, True)], "zip": [],
    "range": [("stop", True, False, True)], "max": [("args", True, False, True)],
    "min": [("args", True, False, True)], "str": [("object", False, False, False)],
}
# PyTorch's C functions outside the stubs
C_FN = {("torch.nn.functional", "linear"): [("input", True, False, False), ("weight", True, False, False),
                                           ("bias", False, False, False)]}
# what prints an iterator object: the line lists it
LISTED = {"enumerate", "zip", "range"}
ROW = re.compile(r'^\s*(MTH|BOTH|BOTH0)\("(\w+)"')
FULL = re.compile(r'^\s*\{ "([\w.]*)", "(\w+)", \w+, ')


def rows():
    out = []
    for f in sorted(os.listdir(os.path.join(ROOT, "src", "py"))):
        if not (f.startswith("lib_") and f.endswith(".c")):
            continue
        for line in open(os.path.join(ROOT, "src", "py", f)):
            m = ROW.match(line)
            if m:
                out.append(("Tensor", m.group(2)))
                if m.group(1) != "MTH":
                    out.append(("torch", m.group(2)))
                continue
            m = FULL.match(line)
            if m and m.group(1) in PREFIX:
                out.append((m.group(1), m.group(2)))
    seen, uniq = set(), []
    for r in out:
        if r not in seen:
            seen.add(r)
            uniq.append(r)
    return uniq


def stub_overloads(path, cls=None):
    """{name: [[(param, required, kwonly, posonly)]]} from a .pyi"""
    tree = ast.parse(open(path).read())
    body = tree.body
    if cls:
        body = next(n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    res = {}
    for n in body:
        if not isinstance(n, ast.FunctionDef):
            continue
        a = n.args
        pos = a.posonlyargs + a.args
        nd = len(a.defaults)
        ps = [(p.arg, i < len(pos) - nd, False, False) for i, p in enumerate(pos)]
        if a.vararg:
            ps.append((a.vararg.arg, True, False, False))
        ps += [(p.arg, d is None, True, False) for p, d in zip(a.kwonlyargs, a.kw_defaults)]
        if cls and ps and ps[0][0] == "self":
            ps = ps[1:]
        res.setdefault(n.name, []).append(ps)
    return res


def py_overloads(fn):
    sig = inspect.signature(fn)
    ps = []
    for p in sig.parameters.values():
        if p.name in ("self", "cls"):
            continue
        if p.kind == p.VAR_KEYWORD:
            continue
        ps.append((p.name, p.default is p.empty and p.kind != p.VAR_POSITIONAL, p.kind == p.KEYWORD_ONLY,
                   p.kind == p.POSITIONAL_ONLY))
    return [ps]


def overloads(ns, name, tensor_stubs, torch_stubs):
    if ns == "Tensor":
        return tensor_stubs.get(name)
    if ns == "torch" and name in torch_stubs and name not in ("einsum",):
        return torch_stubs[name]
    if (ns, name) in C_FN:
        return [C_FN[(ns, name)]]
    if ns == "" and name in BUILTIN:
        return [BUILTIN[name]]
    obj = {"torch": torch, "torch.nn.functional": F, "math": math, "": __builtins__}.get(ns)
    if ns == "torch.nn":
        cls = getattr(nn, name, None)
        fn = cls.__new__ if name == "Parameter" else cls.__init__
    elif ns == "":
        fn = getattr(__builtins__, name, None) if not isinstance(__builtins__, dict) else __builtins__.get(name)
    else:
        fn = getattr(obj, name, None) if obj is not None else None
    if fn is None:
        return None
    try:
        return py_overloads(fn)
    except (ValueError, TypeError):
        return None


def val(ns, name, p):
    v = PER_FN.get((ns, name), {}).get(p, VALUE.get(p))
    return v


def call_with(ns, name, ov, kw):
    """the call naming kw: the required parameters before it positional, after it by keyword"""
    args, seen = [], False
    for p, req, kwonly, posonly in ov:
        if p == kw:
            seen = True
            continue
        if req:
            v = val(ns, name, p)
            if v is None:
                return None
            args.append(v if not seen and not kwonly else "%s=%s" % (p, v))
    v = val(ns, name, kw)
    if v is None:
        return None
    args.append("%s=%s" % (kw, v))
    return listed(name, "%s%s(%s)" % (PREFIX[ns], name, ", ".join(args)))


def listed(name, line):
    return "list(%s)" % line if name in LISTED else line


def probes(ns, name, ovs):
    """no arguments; an unknown keyword; the first required positional one given twice"""
    out = [listed(name, "%s%s()" % (PREFIX[ns], name))]
    ov = ovs[0]
    req = [p for p in ov if p[1] and not p[2]]
    if all(val(ns, name, p[0]) is not None for p in req):
        pos = [val(ns, name, p[0]) for p in req]
        out.append(listed(name, "%s%s(%s)" % (PREFIX[ns], name, ", ".join(pos + ["foo=1"]))))
        if req and not req[0][3]:
            out.append(listed(name, "%s%s(%s)" % (PREFIX[ns], name,
                                                  ", ".join(pos + ["%s=%s" % (req[0][0], pos[0])]))))
    return out


def run(line, env):
    """PyTorch's answer: its repr or its error, as text"""
    try:
        r = eval(line, env)
        return repr(r)
    except Exception as e:  # noqa: BLE001 (every error is an answer)
        return "%s: %s" % (type(e).__name__, e)


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
    tstubs = stub_overloads(os.path.join(STUBS, "__init__.pyi"), "_TensorBase")
    vstubs = stub_overloads(os.path.join(STUBS, "_VariableFunctions.pyi"))
    lines, skipped = [], []
    for ns, name in rows():
        if (ns, name) in LEFT_OUT or ns in ("Module", "ModuleList"):
            continue
        ovs = overloads(ns, name, tstubs, vstubs)
        if not ovs:
            skipped.append("%s.%s: no signature" % (ns, name))
            continue
        kws = []
        for ov in ovs:
            for p, req, kwonly, posonly in ov:
                if not posonly and p not in SKIP and p not in kws and not p.startswith("_"):
                    kws.append(p)
        for kw in kws:
            c = None
            for ov in (o for o in ovs if any(p[0] == kw for p in o)):
                c = c or call_with(ns, name, ov, kw)
            (lines if c else skipped).append(c or "%s.%s(%s=): no value" % (ns, name, kw))
        lines += probes(ns, name, ovs)
    plain, f64 = [], []
    for line in dict.fromkeys(lines):
        if line in LEFT_OUT_LINES:
            skipped.append("%s: %s" % (line, LEFT_OUT_LINES[line]))
            continue
        ans = run(line, dict(env))
        if line.startswith("torch.empty(") and not ans.startswith(("TypeError", "RuntimeError")):
            # uninitialised memory: what the keyword set, not the values
            line += ".requires_grad" if "requires_grad" in line else ".dtype" if "dtype" in line else ".shape"
        if " at 0x" in ans.split("\n")[0]:
            skipped.append(line + ": an object's address")
            continue
        (f64 if "float64" in line or "float64" in ans else plain).append(line)
        if "dtype=torch.float32" in line and ".view(" not in line:	# the same call in float64 (r4-norm's dtype)
            f64.append(line.replace("dtype=torch.float32", "dtype=torch.float64"))
    head = ["# input: %s" % INPUT,
            "# written by tests/gen/keywords_sig.py: every builtin called with each keyword PyTorch 1.13's",
            "# signature of it names, none, an unknown one, and one given twice (issue 24 item 10)"]
    for path, body in (("tests/py/keywords-sig.in", plain), ("tests/py/keywords-sig64.in", f64)):
        with open(os.path.join(ROOT, path), "w") as fh:
            fh.write("\n".join(head + SETUP + body) + "\n")
        print("wrote %s: %d calls" % (path, len(body)))
    if "-v" in sys.argv:
        print("\n".join(skipped))


if __name__ == "__main__":
    main()
