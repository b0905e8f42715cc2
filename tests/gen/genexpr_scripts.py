#!/usr/bin/python3
"""genexpr_scripts.py - scripts of lazy generator expressions for tests/run.

Writes tests/run/genexpr-rand-NNN.py (NNN from 000): each makes generator
expressions over random lists, ranges, strings and tensors (nested for
clauses, ifs, a condition that prints as it is asked), and consumes them in
a random order with next(g), next(g, default), any, all, sum, max, min,
list, tuple, zip, enumerate, str.join, a for loop that prints between the
items, and a second walk over a used-up generator; a generator's repr is
compared up to its address (`repr(g).split(' at ')[0]`).  And
tests/run/genexpr-err-NN.py, one error each (inside a generator, at the
point it is consumed; StopIteration; next() of a list; a generator that
runs itself).  Then tests/gen/run_cases.py writes the goldens (real
Python 3.11 + PyTorch 1.13).  Deterministic: the same seed writes the same
files.

    /usr/bin/python3 tests/gen/genexpr_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/genexpr-*.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "run")

HEAD = """import torch

def seen(x):
    print("seen", x)
    return x
"""


def source(r):
    k = r.randint(0, 3)
    if k == 0:
        return "[%s]" % ", ".join(str(r.randint(-3, 6)) for _ in range(r.randint(0, 6)))
    if k == 1:
        return "range(%d)" % r.randint(0, 6)
    if k == 2:
        return repr("".join(r.choice("abcxyz") for _ in range(r.randint(0, 5))))
    return "torch.tensor([%s]).tolist()" % ", ".join("%d.5" % r.randint(-2, 4) for _ in range(r.randint(1, 5)))


def genexpr(r, src):
    elem = r.choice(["x", "seen(x)", "(x, x)", "str(x)"]) if "'" in src else \
        r.choice(["x", "seen(x)", "x * 2", "x + 1", "(x, x)"])
    cond = ""
    if r.random() < 0.4:
        cond = " if " + (r.choice(["x", "seen(x)"]) if "'" in src else r.choice(["x > 1", "seen(x) > 0", "x != 2"]))
    inner = ""
    if r.random() < 0.2 and "'" not in src:
        inner = " for y in range(2)"
        elem = "x * 10 + y"
    return "(%s for x in %s%s%s)" % (elem, src, inner, cond)


def consumer(r, g, numeric):
    c = ["next(%s)" % g, "next(%s, 'end')" % g, "list(%s)" % g, "tuple(%s)" % g,
         "list(zip(%s, 'abc'))" % g, "list(enumerate(%s))" % g, "any(%s)" % g, "all(%s)" % g]
    if numeric:
        c += ["sum(%s)" % g, "max(%s, default_)" % g]
    c += ["'-'.join(str(v) for v in %s)" % g]
    return r.choice(c)


def script(r):
    out = [HEAD]
    for i in range(r.randint(2, 4)):
        src = source(r)
        g = "g%d" % i
        out.append("%s = %s" % (g, genexpr(r, src)))
        out.append("print(repr(%s).split(' at ')[0])" % g)
        numeric = "'" not in src and "(x, x)" not in out[-2] and "str(x)" not in out[-2]
        for _ in range(r.randint(1, 4)):
            if r.random() < 0.2:
                out.append("for v in %s:\n    print('item', v)\n    if v == 2:\n        break" % g)
                continue
            c = consumer(r, g, numeric)
            if c.startswith("next(%s)" % g):
                c = "next(%s, None)" % g
            if "default_" in c:
                c = "max(%s) if False else sum(%s)" % (g, g)
            out.append("print(%s)" % c)
    out.append("print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))")
    out.append("print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))")
    return "\n".join(out) + "\n"


ERRORS = [
    # an error inside a generator, raised where it is consumed (the generator's line)
    "g = (1 / x for x in [2, 1, 0])\nprint('made')\nprint(next(g))\nprint(list(g))\n",
    "g = (x.upper() for x in ['a', 1])\nprint(sum(1 for _ in range(3)))\nprint(list(g))\n",
    "def f(x):\n    return [1, 2][x]\n\ng = (f(x) for x in range(3))\nprint(next(g), next(g))\nprint(next(g))\n",
    # StopIteration
    "g = (x for x in [1])\nprint(next(g))\nnext(g)\n",
    "g = (x for x in [])\nprint(next(g, 'empty'))\nprint(next(g))\n",
    # next() of what is no iterator, and its argument counts
    "next([1, 2])\n",
    "next()\n",
    "g = (x for x in [1])\nnext(g, 1, 2)\n",
    # a generator that runs itself
    "g = (next(g) for x in range(3))\nprint('made')\nnext(g)\n",
    # the first iterable is taken when the generator is made
    "print('before')\ng = (x for x in 5)\n",
    # a later clause's iterable when it is reached
    "g = (y for x in [1, 2] for y in x)\nprint('made')\nprint(next(g))\n",
    # a generator consumed inside a function it was passed to
    "def total(xs):\n    return sum(xs)\n\nprint(total(x * 2 for x in range(4)))\nprint(total(1 / x for x in [1, 0]))\n",
    # len() of a generator
    "g = (x for x in [1])\nprint(len(g))\n",
]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 23
    r = random.Random(seed)
    for i in range(count):
        with open(os.path.join(RUN, "genexpr-rand-%03d.py" % i), "w") as f:
            f.write(script(r))
    for i, text in enumerate(ERRORS):
        with open(os.path.join(RUN, "genexpr-err-%02d.py" % i), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
