#!/usr/bin/python3
"""matnorm_scripts.py - scripts of matrix norms for tests/run.

Writes tests/run/matnorm-rand-NNN.py (NNN from 000): each seeds torch and
prints matrix norms of random tensors (2 to 4 dims, up to 5000 elements,
contiguous or not: norm_scripts.py's transposed, permuted, sliced and
expanded views) as torch.linalg.matrix_norm and torch.linalg.norm call
them: ord 1, -1, inf, -inf, 'fro'; dims a pair (negative, reversed, given
or the default), keepdim; every result as .tolist() (the float32 bits) and
its shape, and a grad_fn now and then.  And tests/run/matnorm-err-NN.py,
one bad call each: the orders that need an SVD (2, -2, 'nuc', refused in
one line by attn-explain: their .err is written by hand below, not by
PyTorch, and their .out from PyTorch), and PyTorch's own messages.  Then
tests/gen/run_cases.py writes the goldens (real PyTorch 1.13, reference
BLAS); rerun this script after it to put back the refusals' .err.

    /usr/bin/python3 tests/gen/matnorm_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/matnorm-*.py
    /usr/bin/python3 tests/gen/matnorm_scripts.py --refusals
"""
import os
import sys

import norm_scripts
import scriptgen

ORDS = ["1", "-1", "float('inf')", "float('-inf')", "'fro'", "1", "float('inf')", "-1.0", "torch.inf", "-torch.inf"]


def make(r, lines):
    """x = a random tensor of 2 or more dims; its ndim"""
    while True:
        tmp = []
        nd = norm_scripts.make(r, tmp)
        if nd >= 2:
            lines.extend(tmp)
            return nd


def pair(r, nd):
    d0, d1 = r.sample(range(nd), 2)
    d0 = d0 - nd if r.random() < 0.3 else d0
    d1 = d1 - nd if r.random() < 0.3 else d1
    return "(%d, %d)" % (d0, d1) if r.random() < 0.7 else "[%d, %d]" % (d0, d1)


def call(r, nd):
    keep = r.choice(["", "", ", keepdim=True", ", keepdim=False"])
    o = r.choice(ORDS)
    k = r.randrange(4)
    if k == 0:
        return "torch.linalg.matrix_norm(x, %s%s)" % (o, keep)
    if k == 1:
        return "torch.linalg.matrix_norm(x, ord=%s, dim=%s%s)" % (o, pair(r, nd), keep)
    if k == 2 and nd == 2:
        return "torch.linalg.norm(x, %s%s)" % (o, keep)
    return "torch.linalg.norm(x, %s, %s%s)" % (o, pair(r, nd), keep)


def script(r):
    lines = ["import torch", "torch.manual_seed(%d)" % r.randrange(1000)]
    for _ in range(r.randrange(5, 10)):
        nd = make(r, lines)
        for _ in range(r.randrange(1, 4)):
            lines.append("y = " + call(r, nd))
            lines.append("print(y.shape, y.tolist())")
    lines.append("x = torch.randn(3, 4, requires_grad=True)")
    lines.append("print(torch.linalg.matrix_norm(x, 1), torch.linalg.matrix_norm(x, -float('inf')))")
    lines.append("print(torch.linalg.norm(x, 'fro'), torch.linalg.norm(x, float('inf'), keepdim=True))")
    return "\n".join(lines) + "\n"


# the orders that need the singular values: refused by attn-explain in one line (by hand, from the contract)
REFUSED = [
    ("torch.linalg.matrix_norm(torch.ones(2, 3), 2)", "linalg.matrix_norm(ord=2): the spectral norm"),
    ("torch.linalg.matrix_norm(torch.ones(2, 3), -2)", "linalg.matrix_norm(ord=-2): the spectral norm"),
    ("torch.linalg.matrix_norm(torch.ones(2, 3), 'nuc')", "linalg.matrix_norm(ord='nuc'): the nuclear norm"),
    ("torch.linalg.norm(torch.ones(2, 3), 2)", "linalg.matrix_norm(ord=2): the spectral norm"),
    ("torch.linalg.norm(torch.ones(2, 3, 4), 'nuc', (0, 2))", "linalg.matrix_norm(ord='nuc'): the nuclear norm"),
    ("torch.norm(torch.ones(2, 3), 'nuc')", "norm(p='nuc'): the nuclear norm"),
    ("torch.ones(2, 3).norm(p='nuc')", "norm(p='nuc'): the nuclear norm"),
]

ERRORS = [
    "torch.linalg.matrix_norm(torch.ones(2, 3), 3)",
    "torch.linalg.matrix_norm(torch.ones(2, 3), 0.5)",
    "torch.linalg.matrix_norm(torch.ones(2, 3), 'abc')",
    "torch.linalg.matrix_norm(torch.ones(3), 1)",
    "torch.linalg.matrix_norm(torch.ones(2, 3, dtype=torch.long), 1)",
    "torch.linalg.matrix_norm(torch.ones(2, 3), 1, (0, 0))",
    "torch.linalg.matrix_norm(torch.ones(2, 3), 1, (1, -1))",
    "torch.linalg.matrix_norm(torch.ones(2, 3), 1, (0, 2))",
    "torch.linalg.norm(torch.ones(2, 3), 3)",
    "torch.linalg.norm(torch.ones(2, 3, 4), 1)",
    "torch.linalg.norm(torch.ones(2, 3), 'abc')",
    "torch.linalg.norm(torch.ones(2, 3), float('inf'), (0, 0))",
    "torch.linalg.matrix_norm(torch.ones(0, 3), 1)",
    "torch.linalg.matrix_norm(torch.ones(3, 0), float('inf'))",
    "torch.linalg.matrix_norm(torch.ones(0, 3), -1)",
    "torch.linalg.matrix_norm(torch.ones(3, 0), 1)",
    "torch.linalg.norm(torch.ones(2, 0, 3), -float('inf'), (2, 1), keepdim=True)",
]

FMT = "import torch\nprint('before')\ny = %s\nprint(y)\n"


def refusals():
    for i, (e, what) in enumerate(REFUSED):
        with open(os.path.join(scriptgen.RUN, "matnorm-refused-%02d.err" % i), "w") as f:
            f.write("attn-explain: tests/run/matnorm-refused-%02d.py: line 3: NotImplementedError: %s needs the "
                    "singular values (an SVD), which attn-explain does not compute\nstatus 1\n" % (i, what))
        with open(os.path.join(scriptgen.RUN, "matnorm-refused-%02d.out" % i), "w") as f:
            f.write("before\n")


def main():
    if sys.argv[1:] == ["--refusals"]:
        refusals()
        return
    scriptgen.write_all("matnorm-rand", script, 16, 2323)
    for i, e in enumerate(ERRORS):
        with open(os.path.join(scriptgen.RUN, "matnorm-err-%02d.py" % i), "w") as f:
            f.write(FMT % e)
    for i, (e, _) in enumerate(REFUSED):
        with open(os.path.join(scriptgen.RUN, "matnorm-refused-%02d.py" % i), "w") as f:
            f.write(FMT % e)


if __name__ == "__main__":
    main()
