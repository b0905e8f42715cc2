#!/usr/bin/python3
"""norm_scripts.py - scripts of vector norms for tests/run.

Writes tests/run/norm-rand-NNN.py (NNN from 000): each seeds torch and
prints the norms of random tensors (1 to 5000 elements, up to four dims,
contiguous or not: transposed, permuted, sliced with steps, expanded) as
x.norm, torch.norm, torch.linalg.vector_norm and torch.linalg.norm call
them (p 2, 1, inf, -inf, 0, 3, 0.5, -1, 'fro'; dim None, one, two or all
dims, negative; keepdim), every result as .tolist() (the float32 bits, in
Python's repr) and its shape; and tests/run/norm-err-NN.py, one bad call
each (PyTorch's messages).  Then run tests/gen/run_cases.py on them for
the goldens (real PyTorch).  Deterministic: the same seed writes the
same files.

    /usr/bin/python3 tests/gen/norm_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/norm-*.py
"""
import os

import scriptgen

ORDERS = ["2", "2", "2", "1", "float('inf')", "float('-inf')", "0", "3", "0.5", "-1", "2.0", "1.5"]


def shape_of(r):
    """a shape of 1 to 5000 elements, 1 to 4 dims"""
    nd = r.choice([1, 1, 2, 2, 2, 3, 4])
    while True:
        shape = [r.randrange(1, 9) if r.random() < 0.6 else r.randrange(9, 80) for _ in range(nd)]
        if nd == 1 and r.random() < 0.5:
            shape = [r.randrange(1, 5001)]
        n = 1
        for s in shape:
            n *= s
        if 1 <= n <= 5000:
            return shape


def make(r, lines):
    """x = a random tensor, contiguous or a view; returns its ndim"""
    shape = shape_of(r)
    scale = r.choice(["", " * 10", " * 0.01", " * 1000"])
    gen = r.choice(["randn", "randn", "rand"])
    kind = r.randrange(6) if len(shape) >= 2 else r.choice([0, 0, 4])
    if kind == 1:	# transposed
        d0, d1 = r.sample(range(len(shape)), 2)
        base = shape[:]
        base[d0], base[d1] = shape[d1], shape[d0]
        lines.append("x = (torch.%s(%s)%s).transpose(%d, %d)" % (gen, ", ".join(map(str, base)), scale, d0, d1))
    elif kind == 2:	# permuted
        perm = list(range(len(shape)))
        r.shuffle(perm)
        base = [0] * len(shape)
        for i, p in enumerate(perm):
            base[p] = shape[i]
        lines.append("x = (torch.%s(%s)%s).permute(%s)" % (gen, ", ".join(map(str, base)), scale,
                                                         ", ".join(map(str, perm))))
    elif kind == 3:	# a dim sliced with a step or a narrower slice
        d = r.randrange(len(shape))
        step = r.choice([1, 2, 3])
        base = shape[:]
        base[d] = shape[d] * step + r.randrange(0, 3)
        idx = ", ".join(":" if i != d else "::%d" % step if step > 1 else ":%d" % shape[d] for i in range(len(shape)))
        lines.append("x = (torch.%s(%s)%s)[%s]" % (gen, ", ".join(map(str, base)), scale, idx))
        lines.append("x = x[%s]" % ", ".join(":" if i != d else ":%d" % shape[d] for i in range(len(shape))))
    elif kind == 4:	# 1-d sliced with a step
        step = r.choice([2, 3])
        n = 1
        for s in shape:
            n *= s
        lines.append("x = (torch.%s(%d)%s)[::%d]" % (gen, n * step, scale, step))
        lines.append("x = x.reshape(%s)" % ", ".join(map(str, shape)) if len(shape) > 1 else "x = x[:%d]" % n)
        if len(shape) > 1:	# reshape of a strided 1-d copies it: keep a strided view instead
            lines.pop()
            shape = [n]
    elif kind == 5:	# expanded along a dim of size 1
        d = r.randrange(len(shape))
        base = shape[:]
        base[d] = 1
        lines.append("x = (torch.%s(%s)%s).expand(%s)" % (gen, ", ".join(map(str, base)), scale,
                                                        ", ".join(map(str, shape))))
    else:
        lines.append("x = torch.%s(%s)%s" % (gen, ", ".join(map(str, shape)), scale))
    return len(shape)


def dims(r, nd):
    """a dim argument: an int, a tuple, a list, negative now and then"""
    k = r.randrange(1, nd + 1)
    ds = r.sample(range(nd), k)
    ds = [d - nd if r.random() < 0.3 else d for d in ds]
    if k == 1 and r.random() < 0.6:
        return str(ds[0])
    if r.random() < 0.5:
        return "(%s%s)" % (", ".join(map(str, ds)), "," if k == 1 else "")
    return "[%s]" % ", ".join(map(str, ds))


def call(r, nd):
    """one norm call of x"""
    kind = r.randrange(7)
    keep = r.choice(["", "", ", keepdim=True", ", keepdim=False"])
    p = r.choice(ORDERS)
    if kind == 0:
        return r.choice(["x.norm()", "torch.norm(x)", "torch.linalg.norm(x)", "torch.linalg.vector_norm(x)",
                         "x.norm(%s)" % p, "torch.norm(x, %s)" % p, "x.norm(p=%s)" % p])
    if kind == 1:	# one dim
        d = r.randrange(-nd, nd)
        return r.choice(["x.norm(dim=%d%s)" % (d, keep), "x.norm(%s, %d%s)" % (p, d, keep),
                         "torch.norm(x, p=%s, dim=%d%s)" % (p, d, keep)])
    if kind == 2:	# frobenius over two dims: sqrt(sum(x * x))
        if nd < 2:
            return "x.norm('fro')"
        d0, d1 = r.sample(range(nd), 2)
        return r.choice(["x.norm(dim=(%d, %d)%s)" % (d0, d1, keep), "torch.norm(x, 'fro', (%d, %d)%s)" % (d0, d1, keep),
                         "x.norm(p='fro', dim=[%d, %d]%s)" % (d0, d1, keep)])
    if kind == 3:
        return "torch.linalg.vector_norm(x, %s, %s%s)" % (p, dims(r, nd), keep)
    if kind == 4:
        return "torch.linalg.vector_norm(x, ord=%s%s)" % (p, keep)
    if kind == 5:	# torch.linalg.norm: vectors, or 'fro' of a matrix
        if nd == 2 and r.random() < 0.4:
            return "torch.linalg.norm(x, 'fro'%s)" % keep
        d = r.randrange(-nd, nd)
        return "torch.linalg.norm(x, %s, dim=%d%s)" % (p, d, keep)
    return "x.norm(%s, %s%s)" % (p, dims(r, nd), keep)


def script(r):
    lines = ["import torch", "torch.manual_seed(%d)" % r.randrange(1000)]
    for _ in range(r.randrange(5, 10)):
        nd = make(r, lines)
        for _ in range(r.randrange(1, 4)):
            lines.append("y = " + call(r, nd))
            lines.append("print(y.shape, y.tolist())")
    return "\n".join(lines) + "\n"


ERRORS = [
    "torch.arange(6).norm()",
    "torch.linalg.vector_norm(torch.arange(6))",
    "torch.ones(2, 3).norm(p='nucc')",
    "torch.ones(2, 3).norm(dim=(0, 1, 1))",
    "torch.ones(2, 3).norm(dim=5)",
    "torch.ones(2, 3).norm(dim=(0, 0))",
    "torch.linalg.vector_norm(torch.ones(2, 3), dim=(0, 0))",
    "torch.linalg.vector_norm(torch.zeros(0), ord=-1)",
    "torch.linalg.vector_norm(torch.zeros(0), ord=float('-inf'))",
    "torch.linalg.norm(torch.ones(2, 2, 2), 1)",
    "torch.linalg.norm(torch.ones(2, 2, 2), dim=(0, 1, 2))",
    "torch.linalg.norm(torch.ones(2, 3), 'fro', dim=1)",
    "torch.linalg.norm(torch.ones(3), 'fro')",
    "torch.linalg.vector_norm(torch.ones(3), 'fro')",
    "torch.ones(3).norm(True)",
    "torch.ones(2, 3).norm(dtype=torch.float32)",
]


def main():
    scriptgen.write_all("norm-rand", script, 60, 1913)
    for i, e in enumerate(ERRORS):
        with open(os.path.join(scriptgen.RUN, "norm-err-%02d.py" % i), "w") as f:
            f.write("import torch\nprint('before')\ny = %s\nprint(y)\n" % e)


if __name__ == "__main__":
    main()
