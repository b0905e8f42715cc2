#!/usr/bin/python3
"""einsum_scripts.py - scripts of torch.einsum for tests/run.

Writes tests/run/einsum-rand-NNN.py (NNN from 000): each seeds torch and
prints a few einsums of random equations and shapes from a seeded
generator (matmul-like, batched, diagonals of repeated subscripts, dims
summed out, outer products, transposes only, implicit outputs, ellipses,
size-1 dims that broadcast, up to three operands), every result as
.tolist() (the float32 bits, in Python's repr) and its shape; and
tests/run/einsum-err-NN.py, one bad call each (PyTorch's messages).  Then
run tests/gen/run_cases.py on them for the goldens (real PyTorch).
Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/einsum_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/einsum-*.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "run")
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def spaced(r, labels):
    """subscripts as text, with spaces now and then"""
    if r.random() < 0.3:
        return " ".join(labels)
    return "".join(labels)


def shaped(r, labels, size, ell):
    """an operand's shape for its subscripts; size-1 dims now and then (they broadcast)"""
    shape = []
    for l in labels:
        if l == "...":
            shape += [r.choice([1, s]) if r.random() < 0.3 else s for s in ell]
        else:
            shape.append(1 if r.random() < 0.08 else size[l])
    return shape


def structured(r):
    """one of the named kinds, letters renamed"""
    kind = r.randrange(8)
    pool = r.sample(LETTERS, 4)
    i, j, k, b = pool
    if kind == 0:	# matmul-like
        return ["%s%s,%s%s->%s%s" % (i, j, j, k, i, k)], None
    if kind == 1:	# batched, q k^T as the book writes it
        return ["%s %s %s , %s %s %s -> %s %s %s" % (b, i, k, b, j, k, b, i, j)], None
    if kind == 2:	# diagonal of the first operand, as attn @ v written with a repeated t
        return ["%s%s%s,%s%s%s->%s%s%s" % (b, i, i, b, i, k, b, i, k)], None
    if kind == 3:	# sum out
        return ["%s%s%s->%s" % (i, j, k, r.choice([i, j, k, i + k, k + i, ""]))], None
    if kind == 4:	# outer product
        return ["%s,%s->%s" % (i, j, r.choice([i + j, j + i]))], None
    if kind == 5:	# transpose only
        labels = [i, j, k][:r.randrange(1, 4)]
        perm = labels[:]
        r.shuffle(perm)
        return ["%s->%s" % ("".join(labels), "".join(perm))], None
    if kind == 6:	# trace, diagonal
        return ["%s%s->%s" % (i, i, r.choice([i, ""]))], None
    return None, None


def equation(r):
    """a random equation, its operands' subscript lists and the sizes"""
    nops = r.choice([1, 2, 2, 2, 3])
    nlab = r.randrange(1, 6)
    labels = r.sample(LETTERS, nlab)
    size = {l: r.randrange(1, 6) if r.random() < 0.8 else r.randrange(6, 24) for l in labels}
    use_ell = r.random() < 0.2
    ell = [r.randrange(1, 4) for _ in range(r.randrange(0, 3))] if use_ell else []
    ops = []
    for _ in range(nops):
        n = r.randrange(0, 4)
        subs = [r.choice(labels) for _ in range(n)]
        if use_ell and r.random() < 0.7:
            subs.insert(r.randrange(len(subs) + 1), "...")
        ops.append(subs)
    seen = []
    for subs in ops:
        for l in subs:
            if l != "..." and l not in seen:
                seen.append(l)
    if len(seen) + len(ell) > 8:
        return None
    lhs = ",".join(spaced(r, s) for s in ops)
    if r.random() < 0.25:
        eq = lhs
    else:
        out = [l for l in seen if r.random() < 0.5]
        r.shuffle(out)
        if use_ell and any("..." in s for s in ops) and r.random() < 0.7:
            out.insert(r.randrange(len(out) + 1), "...")
        eq = lhs + r.choice(["->", " -> ", "->"]) + spaced(r, out)
    return eq, ops, size, ell


def call(r):
    got = equation(r)
    if got is None:
        return None
    eq, ops, size, ell = got
    shapes = []
    for subs in ops:
        shapes.append(shaped(r, subs, size, ell))
    # repeated subscripts need equal sizes in that operand
    for subs, shape in zip(ops, shapes):
        pos = 0
        first = {}
        for l in subs:
            if l == "...":
                pos += len(ell)
                continue
            if l in first:
                shape[pos] = shape[first[l]]
            else:
                first[l] = pos
            pos += 1
    return eq, shapes


def script(r):
    lines = ["import torch", "torch.manual_seed(%d)" % r.randrange(1000)]
    k = 0
    while k < r.randrange(4, 8):
        if r.random() < 0.3:
            eqs, _ = structured(r)
            if eqs is None:
                continue
            eq = eqs[0]
            lhs = eq.split("->")[0]
            subs = [[c for c in part if c != " "] for part in lhs.split(",")]
            size = {}
            shapes = []
            for s in subs:
                shape = []
                for c in s:
                    size.setdefault(c, r.randrange(1, 7))
                    shape.append(size[c])
                shapes.append(shape)
        else:
            got = call(r)
            if got is None:
                continue
            eq, shapes = got
        names = []
        for n, shape in enumerate(shapes):
            name = "x%d" % n
            fn = r.choice(["rand", "randn"])
            if shape:
                lines.append("%s = torch.%s(%s)" % (name, fn, ", ".join(str(d) for d in shape)))
            else:
                lines.append("%s = torch.%s(1)[0]" % (name, fn))
            names.append(name)
        lines.append("y = torch.einsum(%r, %s)" % (eq, ", ".join(names)))
        lines.append("print(y.shape, y.tolist())")
        k += 1
    return "\n".join(lines) + "\n"


ERRORS = [
    'torch.einsum("ij,jk->ik")',
    'torch.einsum("ij,jk->ik", a)',
    'torch.einsum("ij,jk->ik", a, b, b)',
    'torch.einsum("ijk,jk->ik", a, b)',
    'torch.einsum("ij,jk->ik", a, 3)',
    'torch.einsum(3, a, b)',
    'torch.einsum("i1,jk", a, b)',
    'torch.einsum("ij,jk->iq", a, b)',
    'torch.einsum("ij,jk->ii", a, b)',
    'torch.einsum("ij,ik->jk", a, b)',
    'torch.einsum("ii", a)',
    'torch.einsum("..ij,jk", a, b)',
    'torch.einsum("ij,jk->i-k", a, b)',
    'torch.einsum("ij,jk->ik", a, b.long())',
    'torch.einsum("i,i", torch.rand(3))',
    'torch.einsum("...i...,jk", a, b)',
    'torch.einsum("...ij,jk->....ik", a, b)',
    'torch.einsum("...ij,jk->...ik...", a, b)',
    'torch.einsum("...ijk,jk", a, b)',
    'torch.einsum("...ij,...jk", torch.rand(2, 2, 3), torch.rand(3, 3, 4))',
    'torch.einsum("ij,jk->ik", a, b=b)',
    'torch.einsum("ij->ji", [a])[5]',
]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1313)
    for i in range(count):
        with open(os.path.join(RUN, "einsum-rand-%03d.py" % i), "w") as f:
            f.write(script(r))
    for i, e in enumerate(ERRORS):
        with open(os.path.join(RUN, "einsum-err-%02d.py" % i), "w") as f:
            f.write("import torch\na = torch.ones(2, 3)\nb = torch.ones(3, 4)\nprint(torch.einsum(\"ij,jk\", a, b))\n"
                    "print(%s)\n" % e)


if __name__ == "__main__":
    main()
