#!/usr/bin/python3
"""rand_scripts.py - many small random scripts of contract v3's language for tests/run.

Writes tests/run/rand-NNN.py (NNN from 000), each a few lines combining
f-strings (format specs, conversions, tensors inside), string concatenation,
str/repr, list comprehensions and generator expressions (nested, with if),
a if c else b, range/enumerate/zip/sum/max/min/abs/round/int/float/list/
tuple/isinstance/type, torch.where and .expand, every script seeded with
torch.manual_seed.  Then run tests/gen/run_cases.py on them for the
goldens (real PyTorch).  Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/rand_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/rand-*.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "run")

SPECS = ["", ".4f", ".2f", "8.3f", "<10.2f", ">12.1e", "^9.3g", "+.3f", ".3", ".1%", "e", "g", "010.4f", ",.2f", "*>10.2f"]
ISPECS = ["", "d", "5d", "<4", "^7", "+d", "#x", "03d", ",", "b", ">6"]


def expr_float(r):
    return r.choice(["x", "y", "x * y", "t.sum()", "t.mean()", "t[0, 0]", "t.max()", "float(n)",
                     "sum(v for v in xs)", "max(xs)", "min(xs)", "abs(y)", "round(x, 2)"])


def expr_int(r):
    return r.choice(["n", "len(xs)", "int(x * 10)", "t.numel()", "sum(range(n))", "len([k for k in range(n) if k % 2])",
                     "t.shape[0]", "t.shape[1]", "max(n, 3)", "abs(-n)", "round(y * 7)"])


def line(r):
    k = r.randrange(14)
    if k == 0:
        return 'print(f"{%s:%s}")' % (expr_float(r), r.choice(SPECS))
    if k == 1:
        return 'print(f"{%s:%s}|{%s!r}")' % (expr_int(r), r.choice(ISPECS), expr_int(r))
    if k == 2:
        return 'print(f"label {t.shape} {t}")' if r.random() < 0.5 else 'print(f"{t[%d]}", f"{t.sum(dim=%d)}")' % (
            r.randrange(2), r.randrange(2))
    if k == 3:
        return 'print("Sum:", %s, "n=" + str(%s) + "!" + repr(%s))' % (expr_float(r), expr_int(r), r.choice(['"s"', "xs", "n"]))
    if k == 4:
        return "print([%s for k in range(%d)%s])" % (r.choice(["k * 2", "k * k - n", "(k, k % 3)", "float(k) / 4", "str(k) + 'a'"]),
                                                    r.randrange(0, 7), r.choice(["", " if k % 2 == 0", " if k > n"]))
    if k == 5:
        return "print([(i, j) for i in range(%d) for j in range(i)%s])" % (r.randrange(1, 5), r.choice(["", " if i != j + 1"]))
    if k == 6:
        return "print(sum(%s for v in xs%s), tuple(v > 0 for v in xs))" % (r.choice(["v", "v * v", "abs(v)"]), r.choice(["", " if v < 1"]))
    if k == 7:
        return "print(torch.stack([r * %s for r in t]))" % r.choice(["2", "x", "r.sum()"])
    if k == 8:
        return "print(torch.where(t > %.2f, t, %s))" % (r.random(), r.choice(["0.0", "-1", "t * 2", "torch.zeros(1)"]))
    if k == 9:
        return "print(t[:, :1].expand(-1, %d), torch.ones(%d).expand(2, -1))" % (r.randrange(1, 4), r.randrange(1, 4))
    if k == 10:
        return "print([(i, round(v, 1)) for i, v in enumerate(xs, %d)], [a * b for a, b in zip(xs, range(%d))])" % (
            r.randrange(3), r.randrange(1, 5))
    if k == 11:
        return 'print("big" if %s > %.2f else "small", isinstance(%s, %s), type(%s))' % (
            expr_float(r), r.random(), r.choice(["x", "n", "t", "xs", "t.shape"]),
            r.choice(["int", "float", "torch.Tensor", "tuple", "list", "(int, float)"]), r.choice(["x", "n", "t", "xs"]))
    if k == 12:
        return "print(list(range(%d, %d, %d)), len(range(%d)), range(%d))" % (
            r.randrange(-3, 3), r.randrange(3, 12), r.choice([1, 2, 3]), r.randrange(9), r.randrange(1, 9))
    return 'print(f"{n=} {x=:.3f} {xs[%d]:>8}", [f"{v:.1f}" for v in xs])' % r.randrange(3)


def script(r):
    rows, cols = r.randrange(1, 4), r.randrange(1, 5)
    head = ["import torch", "torch.manual_seed(%d)" % r.randrange(1000),
            "t = torch.rand(%d, %d)" % (rows + 1, cols + 1),
            "x = %r" % round(r.uniform(-5, 5), r.randrange(1, 6)),
            "y = %r" % round(r.uniform(-2, 2), 3),
            "n = %d" % r.randrange(1, 6),
            "xs = [%s]" % ", ".join(repr(round(r.uniform(-3, 3), 2)) for _ in range(r.randrange(3, 6)))]
    return "\n".join(head + [line(r) for _ in range(r.randrange(4, 9))]) + "\n"


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2326)
    for i in range(count):
        with open(os.path.join(RUN, "rand-%03d.py" % i), "w") as f:
            f.write(script(r))


if __name__ == "__main__":
    main()
