#!/usr/bin/python3
"""lazyiter_scripts.py - scripts of lazy enumerate/zip, generators that
outlive the function that made them, and torch.flip, for tests/run.

Writes tests/run/lazyiter-rand-NNN.py (NNN from 000): each wraps random
generator expressions (whose items print as they are made) in enumerate
and zip (nested, with lists, ranges, strings, tensors), and consumes them
with next(it), next(it, default), a for loop that breaks early and another
that resumes the same iterator, list(), sum() of an unpacking genexpr;
generators and zips returned from a def (their names read after the call
returned, a name rebound after the genexpr was made); x.flip(dims) and
torch.flip(x, dims) on random shapes, views and dtypes.  And
tests/run/lazyiter-err-NN.py, one error each (raised mid-iteration inside
enumerate/zip, at the right item; flip's and ~'s messages).  Then
tests/gen/run_cases.py writes the goldens (real Python 3.11 + PyTorch
1.13).  Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/lazyiter_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/lazyiter-*.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "run")

HEAD = """import torch

def seen(tag, x):
    print("seen", tag, x)
    return x

def make_gen(xs, k):
    w = k + 1
    g = (seen("m", x) * w for x in xs)
    w = k * 10
    return g

def make_zip(n):
    t = torch.arange(n).float()
    return zip(range(n), (t[i] * 2 for i in range(n)))
"""


def source(r, tag):
    k = r.randint(0, 4)
    if k == 0:
        return "[%s]" % ", ".join(str(r.randint(-3, 6)) for _ in range(r.randint(0, 5)))
    if k == 1:
        return "range(%d)" % r.randint(0, 5)
    if k == 2:
        return repr("".join(r.choice("abcxyz") for _ in range(r.randint(0, 4))))
    if k == 3:
        return "(seen(%r, x) for x in range(%d))" % (tag, r.randint(0, 5))
    return "torch.arange(%d).float()" % r.randint(1, 4)


def iterator(r, tag, depth=0):
    k = r.randint(0, 4 if depth < 1 else 2)
    if k == 0:
        return "enumerate(%s)" % source(r, tag)
    if k == 1:
        return "enumerate(%s, %d)" % (source(r, tag), r.randint(-2, 5))
    if k == 2:
        return "zip(%s)" % ", ".join(source(r, tag + str(i)) for i in range(r.randint(1, 3)))
    if k == 3:
        return "zip(%s, %s)" % (iterator(r, tag + "a", depth + 1), source(r, tag + "b"))
    return "enumerate(%s)" % iterator(r, tag + "e", depth + 1)


def consume(r, it):
    k = r.randint(0, 5)
    if k == 0:
        return ["print(next(%s, 'end'))" % it]
    if k == 1:
        return ["for item in %s:" % it, "    print('item', item)", "    if %s:" % r.choice(["True", "False", "len(str(item)) > 8"]),
                "        break"]
    if k == 2:
        return ["print(list(%s))" % it]
    if k == 3:
        return ["print(repr(%s).split(' at ')[0], type(%s))" % (it, it)]
    if k == 4:
        return ["print([str(v) for v in %s])" % it]
    return ["print(next(%s, None), next(%s, None))" % (it, it)]


def flip_lines(r):
    shape = [r.randint(1, 4) for _ in range(r.randint(1, 3))]
    n = 1
    for d in shape:
        n *= d
    dt = r.choice(["", ".long()", ".bool()", "[..., None].squeeze(-1)"])
    x = "torch.arange(%d).float().view(%s)%s" % (n, ", ".join(map(str, shape)), dt)
    if dt == ".bool()":
        x = "(torch.arange(%d).view(%s) %% 3 == 0)" % (n, ", ".join(map(str, shape)))
    nd = len(shape)
    dims = r.sample(range(-nd, nd), k=0) if False else []
    pool = list(range(nd))
    r.shuffle(pool)
    dims = [d - nd if r.random() < 0.3 else d for d in pool[:r.randint(0, nd)]]
    lines = ["x = %s" % x]
    if nd >= 2 and r.random() < 0.4:
        lines.append("x = x.transpose(0, %d)" % (nd - 1))
    how = r.randint(0, 3)
    if how == 0:
        call = "x.flip(%s)" % ", ".join(map(str, dims)) if dims else "x.flip([])"
    elif how == 1:
        call = "x.flip(%s)" % repr(tuple(dims))
    elif how == 2:
        call = "torch.flip(x, %s)" % repr(list(dims))
    else:
        call = "torch.flip(x, dims=%s)" % repr(tuple(dims))
    lines.append("y = %s" % call)
    lines.append("print(y, y.shape, y.stride(), y.is_contiguous())")
    if r.random() < 0.3:
        lines.append("print(y.flip(0).sum(), ~(y > 1))")
    return lines


def script(r):
    out = [HEAD]
    for i in range(r.randint(2, 4)):
        it = "it%d" % i
        out.append("%s = %s" % (it, iterator(r, "s%d" % i)))
        out.append("print('made', %d)" % i)
        for _ in range(r.randint(1, 3)):
            out += consume(r, it)
    k = r.randint(0, 5)
    out.append("g = make_gen(%s, %d)" % (r.choice(["[1, 2, 3]", "range(4)", "torch.tensor([1., 2.])"]), k))
    out.append("print('gen made')")
    out.append("print(next(g, None))")
    out.append("print(list(enumerate(g, 1)))")
    out.append("for a, b in make_zip(%d):" % r.randint(0, 4))
    out.append("    print(a, b)")
    for _ in range(r.randint(1, 3)):
        out += flip_lines(r)
    return "\n".join(out) + "\n"


ERRORS = [
    # an error inside a generator under enumerate / zip: raised at the item, after the earlier ones
    "e = enumerate(1 / x for x in [2, 1, 0])\nprint(next(e))\nfor i, v in e:\n    print(i, v)\n",
    "z = zip([1, 2, 3], (10 // x for x in [1, 0]))\nprint(next(z))\nprint(list(z))\n",
    "for a, b in zip('ab', (x.upper() for x in ['p', 3])):\n    print(a, b)\n",
    # enumerate's and zip's own argument errors, at the call
    "print('before')\ne = enumerate(5)\n",
    "z = zip([1], 3)\n",
    "e = enumerate([1], 'a')\n",
    # not subscriptable, no len, StopIteration
    "e = enumerate([1, 2])\nprint(e[0])\n",
    "print(len(zip([1], [2])))\n",
    "e = enumerate([7])\nprint(next(e))\nnext(e)\n",
    # a generator returned from a def: an error inside names the genexpr's line
    "def f(xs):\n    d = 0\n    return (x / d for x in xs)\n\ng = f([1, 2])\nprint('got')\nprint(next(g))\n",
    # flip's and ~'s messages
    "import torch\nx = torch.ones(2, 3)\nprint(x.flip(0, -2))\n",
    "import torch\nx = torch.ones(2, 3)\nprint(x.flip(2))\n",
    "import torch\nx = torch.ones(2, 3)\nprint(torch.flip(x, 0))\n",
    "import torch\nx = torch.ones(2, 3)\nprint(x.flip([0, 'a']))\n",
    "import torch\nx = torch.ones(2, 3)\nprint(x.flip(None))\n",
    "import torch\nx = torch.ones(2, 3)\nprint(x.flip())\n",
    "import torch\nx = torch.ones(2, 3)\nprint(~x)\n",
    "import torch\nx = torch.tensor(1.5)\nprint(~(x > 1), ~torch.tensor([5]))\nprint(~x)\n",
]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 23
    r = random.Random(seed)
    for i in range(count):
        with open(os.path.join(RUN, "lazyiter-rand-%03d.py" % i), "w") as f:
            f.write(script(r))
    for i, text in enumerate(ERRORS):
        with open(os.path.join(RUN, "lazyiter-err-%02d.py" % i), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
