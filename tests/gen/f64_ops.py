#!/usr/bin/python3
"""f64_ops.py - random scripts of float64 arithmetic for tests/run (issue 23).

Writes tests/run/f64-ops-NNN.py (NNN from 000): each seeds torch, makes
float64 tensors (from float32 draws, torch.rand/randn with
dtype=torch.float64, arange) of random shapes and scales, and prints, both
as PyTorch prints them and as .tolist() (Python's repr shows every float64
digit, so a last-bit difference shows), the results of: + - * / // % and
comparisons between float64, float32, int64 tensors, 0-dim tensors and
Python numbers (type promotion, dtype printed); ** with the exponents
PyTorch computes without SLEEF's pow; exp, sqrt, abs, neg; sum, mean, var,
std over all dims, one dim, several, keepdim, on transposed views; max,
min, argmax, argmin; matmul/mm/dot/@ of many sizes (the kernels' tile
edges), batched and transposed; softmax along each dim; masked_fill,
where, tril/triu, cat/stack; in-place ops; sum(dtype=torch.float64).
Then run tests/gen/run_cases.py on them for the goldens (real PyTorch).
Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/f64_ops.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/f64-ops-*.py
"""
import scriptgen


def shape(r, nd=None):
    nd = r.randrange(1, 4) if nd is None else nd
    return [r.choice([1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33]) for _ in range(nd)]


def dims(sh):
    return ", ".join(map(str, sh))


def make(r, name, sh):
    k = r.randrange(5)
    scale = r.choice(["", " * 10", " * 1e-3", " * 1e6", " + 1"])
    if k == 0:
        return "%s = (torch.randn(%s)%s).double()" % (name, dims(sh), scale)
    if k == 1:
        return "%s = torch.randn(%s, dtype=torch.float64)%s" % (name, dims(sh), scale)
    if k == 2:
        return "%s = torch.rand(%s, dtype=torch.float64)%s" % (name, dims(sh), scale)
    if k == 3:
        return "%s = (torch.randn(%s) * 3).to(torch.float64)" % (name, dims(sh))
    n = 1
    for d in sh:
        n *= d
    return "%s = (torch.arange(%d, dtype=torch.float64).reshape(%s) - %d) / 7" % (name, n, dims(sh), n // 2)


def show(r, expr):
    if r.random() < 0.5:
        return ["print(%s)" % expr, "print((%s).tolist())" % expr]
    return ["print((%s).tolist())" % expr]


SCALARS = ["0.1", "2", "-3.5", "1e-7", "True", "7"]


def binary(r):
    op = r.choice(["+", "-", "*", "/", "//", "%", "==", "<", ">=", "!="])
    other = r.choice(["b", "b32", "bi", "z64", "z32", r.choice(SCALARS)])
    if r.random() < 0.3 and other in SCALARS:
        return "%s %s a" % (other, op if op not in ("//", "%") else "*")
    return "a %s %s" % (op, other)


def unary(r):
    return r.choice(["a.exp()", "torch.exp(a / 4)", "a.abs().sqrt()", "a.abs()", "-a", "torch.sqrt(a.abs() + 1)",
                     "a ** 2", "a ** 3", "a ** -1", "(a.abs() + 0.5) ** 0.5", "(a.abs() + 0.5) ** -0.5",
                     "a ** -2", "a ** 0", "a ** 1", "2 / a", "torch.pow(a, 2)"])


def reduction(r, nd):
    fn = r.choice(["sum", "mean", "var", "std", "sum", "mean"])
    k = r.randrange(4)
    if k == 0 or nd == 1 and k == 2:
        return "a.%s()" % fn
    if k == 1:
        return "a.%s(%d)" % (fn, r.randrange(-nd, nd))
    if k == 2:
        return "a.%s((0, %d), keepdim=True)" % (fn, nd - 1)
    return "a.transpose(0, -1).%s(%d)" % (fn, r.randrange(nd))


def extreme(r, nd):
    fn = r.choice(["max", "min", "argmax", "argmin"])
    if r.random() < 0.5:
        return "a.%s()" % fn
    return "a.%s(%d)" % (fn, r.randrange(nd)) + ("" if fn.startswith("arg") else ".values")


def matmul(r, lines):
    m, k, n = (r.choice([1, 2, 3, 5, 7, 8, 15, 16, 17, 31, 32, 33, 40]) for _ in range(3))
    lines.append(make(r, "p", [m, k]))
    lines.append(make(r, "q", [k, n]))
    e = r.choice(["p @ q", "torch.matmul(p, q)", "p.mm(q)", "(q.t() @ p.t()).t()", "p @ q[:, 0]",
                  "p[0] @ q", "p[0].dot(p[0])", "torch.stack([p, p + 1]) @ q", "p @ p.t()"])
    lines.extend(show(r, e))


def softmax(r, lines, nd):
    d = r.randrange(-nd, nd)
    lines.extend(show(r, r.choice(["torch.softmax(a, %d)", "a.softmax(dim=%d)", "F.softmax(a * 5, dim=%d)"]) % d))


def misc(r, lines, nd):
    e = r.choice(["a.masked_fill(a > 0, float('-inf'))", "a.masked_fill(a < 0.5, 0.1)",
                  "torch.where(a > b, a, b)", "torch.where(a > 0, a, 0.3)",
                  "torch.cat([a, b], dim=0)", "torch.stack([a, b])",
                  "torch.sum(a.float(), dtype=torch.float64)",
                  "a.float().mean(dtype=torch.float64)"])
    if nd >= 2 and r.random() < 0.3:
        e = r.choice(["torch.tril(a)", "a.triu(1)", "torch.softmax(a.masked_fill(torch.tril(a) == 0, float('-inf')), -1)"])
    lines.extend(show(r, e))


def inplace(r, lines):
    lines.append("c = a.clone()")
    lines.append("c %s= %s" % (r.choice(["+", "-", "*", "/"]), r.choice(["b", "b32", "0.25", "3"])))
    lines.extend(show(r, "c"))


def script(r):
    lines = ["import torch", "import torch.nn.functional as F", "torch.manual_seed(%d)" % r.randrange(1000)]
    for _ in range(r.randrange(2, 4)):
        sh = shape(r)
        nd = len(sh)
        lines.append(make(r, "a", sh))
        lines.append(make(r, "b", sh))
        lines.append("b32 = torch.randn(%s)" % dims(sh))
        lines.append("bi = torch.arange(%d).reshape(%s) - 3" % (eval("*".join(map(str, sh))), dims(sh)))
        lines.append("z64 = torch.tensor(%r, dtype=torch.float64)" % r.uniform(-3, 3))
        lines.append("z32 = torch.tensor(%r)" % r.uniform(-3, 3))
        for _ in range(r.randrange(3, 7)):
            k = r.randrange(8)
            if k == 0:
                lines.extend(show(r, binary(r)))
            elif k == 1:
                lines.extend(show(r, unary(r)))
            elif k == 2:
                lines.extend(show(r, reduction(r, nd)))
            elif k == 3:
                lines.extend(show(r, extreme(r, nd)))
            elif k == 4:
                matmul(r, lines)
            elif k == 5:
                softmax(r, lines, nd)
            elif k == 6:
                misc(r, lines, nd)
            else:
                inplace(r, lines)
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    scriptgen.write_all("f64-ops", script, 60, 2323)
