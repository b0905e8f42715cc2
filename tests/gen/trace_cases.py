#!/usr/bin/python3
"""trace_cases.py - expected cells of tests/trace/*.py from real Python + PyTorch 1.13.

For each script NAME.py (or the ones named), every assignment inside its
functions is instrumented (ast): after it runs, the names it bound are
(and NAME changed by a statement NAME.method_(...), an in-place method)
written as the cells of `attn-explain --run NAME.py --trace` write them,
without the labels check mode adds (tests/trace/case.sh strips those and
compares them with NAME.err, written by hand):

    [FUNC, line L] NAME
      >>> SOURCE LINE
      shape (D0, D1)        (tensors only; "(6)" for one dimension, "()" for none)
    print(value) as Python shows it
    (blank line)

A script seeds every draw itself (case.sh gives no --seed).  Writes NAME.out.
"""
import ast
import glob
import io
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, "..", "trace")


def names(t):
    if isinstance(t, ast.Name):
        return [t.id]
    if isinstance(t, (ast.Tuple, ast.List)):
        return [n for e in t.elts for n in names(e)]
    return []


def in_place(s):
    """NAME.method_(...) as a statement: an in-place method (masked_fill_), traced as NAME."""
    return (isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Attribute)
            and isinstance(s.value.func.value, ast.Name) and s.value.func.attr.endswith("_")
            and not s.value.func.attr.startswith("_") and len(s.value.func.attr) >= 2)


class Instrument(ast.NodeTransformer):
    def __init__(self, lines):
        self.lines = lines
        self.func = None

    def visit_FunctionDef(self, node):
        outer, self.func = self.func, node.name
        self.generic_visit(node)
        self.func = outer
        return node

    def body(self, stmts):
        out = []
        for s in stmts:
            s = self.visit(s)
            out.append(s)
            if self.func is not None and in_place(s):
                targets = [s.value.func.value]
            elif self.func is not None and isinstance(s, (ast.Assign, ast.AugAssign)):
                targets = s.targets if isinstance(s, ast.Assign) else [s.target]
            else:
                targets = []
            if targets:
                src = self.lines[s.lineno - 1].strip()
                for t in targets:
                    for n in names(t):
                        call = "_trace_cell(%r, %d, %r, %r, %s)" % (self.func, s.lineno, src, n, n)
                        out.append(ast.parse(call).body[0])
        return out

    def generic_visit(self, node):
        for field in ("body", "orelse"):
            if isinstance(getattr(node, field, None), list) and not isinstance(node, ast.Module):
                setattr(node, field, self.body(getattr(node, field)))
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.stmt):
                self.visit(child)
        if isinstance(node, ast.Module):
            node.body = [self.visit(s) if not isinstance(s, ast.FunctionDef) else self.visit(s) for s in node.body]
        return node


def trace(func, line, src, name, v):
    out = ["[%s, line %d] %s" % (func, line, name), "  >>> %s" % src]
    if isinstance(v, torch.Tensor):
        out.append("  shape (%s)" % ", ".join(str(d) for d in v.shape))
    out.append(str(v))
    print("\n".join(out) + "\n")


def one(path):
    text = open(path).read()
    tree = Instrument(text.split("\n")).visit(ast.parse(text))
    ast.fix_missing_locations(tree)
    buf, old = io.StringIO(), sys.stdout
    sys.stdout = buf
    try:
        exec(compile(tree, path, "exec"), {"_trace_cell": trace, "__name__": "__main__"})
    finally:
        sys.stdout = old
    with open(path[:-3] + ".out", "w") as f:
        f.write(buf.getvalue())


def main():
    for p in sys.argv[1:] or sorted(glob.glob(os.path.join(DIR, "*.py"))):
        one(p)


if __name__ == "__main__":
    main()
