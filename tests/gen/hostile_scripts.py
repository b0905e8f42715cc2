#!/usr/bin/python3
"""hostile_scripts.py DIR [N] [SEED] - writes N hostile scripts (and a few notebooks) into DIR for an
attack sweep of --run under the sanitizers (not part of make check):

    make -j2 attn-explain CFLAGS='-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer' \
        LDFLAGS='-fsanitize=address,undefined'
    for f in DIR/*; do timeout 20 ./attn-explain --run "$f" --trace data/book-causal-attention.json; done

Each must end in output or one error line, status 0 or 1: no sanitizer report, no signal, no hang.
The shapes: deep nesting of brackets, operators, comprehensions and blocks; huge ranges and
repetitions; recursion through __init__ and forward; self-referential lists; attributes on
non-modules; modules inside modules 1000 deep (and printed: a huge repr); f-strings with odd
specs; notebooks with odd cells (no source, a string source, non-code cells, nested outputs)."""
import json
import os
import random
import sys

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"


def nest(r):
    n = r.choice([50, 199, 200, 201, 500, 5000])
    k = r.randrange(6)
    if k == 0:
        return "x = " + "(" * n + "1" + ")" * n + "\nprint(x)\n"
    if k == 1:
        return "x = " + "[" * n + "]" * n + "\nprint(len(x))\n"
    if k == 2:
        return "x = 1" + " + 1" * n + "\nprint(x)\n"
    if k == 3:
        return "x = " + "-" * n + "1\nprint(x)\n"
    if k == 4:
        return "x = " + "[" * min(n, 60) + "i for i in range(2)" + "]" * min(n, 60) + "\nprint(len(x))\n"
    d = min(n, 150)
    return "".join("    " * i + "if True:\n" for i in range(d)) + "    " * d + "print('deep')\n"


def huge(r):
    k = r.randrange(7)
    big = r.choice(["10**9", "2**62", "2**63", "-1", "10**18", "2**31"])
    if k == 0:
        return "x = [0] * %s\nprint(len(x))\n" % big
    if k == 1:
        return "s = 'ab' * %s\nprint(len(s))\n" % big
    if k == 2:
        return "t = torch.zeros(%s)\nprint(t.shape)\n" % big
    if k == 3:
        return "x = list(range(%s))\nprint(len(x))\n" % big
    if k == 4:
        return "t = torch.ones(3).expand(%s, 3)\nprint(t.shape)\n" % big
    if k == 5:
        return "print(f'{1:%s}')\n" % r.choice(["999999999", "0>999999999", ".999999999f", "-^2147483648"])
    return "x = (1,) * %s\nprint(len(x))\n" % big


def recursion(r):
    k = r.randrange(5)
    if k == 0:
        return ("class A(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                "        self.a = A()\n\n\na = A()\n")
    if k == 1:
        return ("class A(nn.Module):\n    def forward(self, x):\n        return self(x)\n\n\n"
                "print(A()(torch.ones(2)))\n")
    if k == 2:
        return "def f(n):\n    return [f(n + 1) for _ in range(1)]\n\n\nf(0)\n"
    if k == 3:
        return "def f(n):\n    return f'{f(n + 1)}'\n\n\nf(0)\n"
    return "def f(n):\n    return sum(f(n + 1) for _ in range(1))\n\n\nf(0)\n"


def selfref(r):
    k = r.randrange(5)
    if k == 0:
        return "a = [1]\na.append(a)\nprint(a)\nprint(len(a))\n"
    if k == 1:
        return "a = []\nb = [a]\na.append(b)\nprint(a, b)\n"
    if k == 2:
        return "a = [1, 2]\na.extend(a)\na = a * 3\nprint(a)\n"
    if k == 3:
        return "a = [1]\nfor i in range(30):\n    a = [a, a]\nprint(len(str(a)))\n"
    return "a = (1,)\nfor i in range(2000):\n    a = (a,)\nprint(len(a))\nprint(a)\n"


def attrs(r):
    k = r.randrange(6)
    if k == 0:
        return "x = 3\nx.foo = 1\nprint(x.foo)\n"
    if k == 1:
        return "t = torch.ones(2)\nt.name = 'a'\nprint(t.name)\n"
    if k == 2:
        return "def f():\n    return 1\n\n\nf.attr = 2\nprint(f.attr)\n"
    if k == 3:
        return "l = [1]\nl.weight = 3\n"
    if k == 4:
        return ("class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                "        self.w = nn.Linear(2, 2)\n        self.w.extra.deep = 1\n\n\nM()\n")
    return "torch.foo = 1\nprint(torch.foo)\nnn.Linear.bar = 2\n"


def modules(r):
    depth = r.choice([10, 100, 1000, 3000])
    k = r.randrange(4)
    if k == 0:
        return ("m = nn.Linear(2, 2)\nfor i in range(%d):\n    m = nn.Sequential(m)\nprint(m(torch.ones(2)).shape)\n"
                "print(len(str(m)))\n" % depth)
    if k == 1:
        return ("class W(nn.Module):\n    def __init__(self, inner):\n        super().__init__()\n"
                "        self.inner = inner\n\n    def forward(self, x):\n        return self.inner(x)\n\n\n"
                "m = nn.Linear(2, 2)\nfor i in range(%d):\n    m = W(m)\nprint(m(torch.ones(2)).shape)\nprint(m)\n"
                % depth)
    if k == 2:
        return ("m = nn.ModuleList([nn.Linear(2, 2) for _ in range(%d)])\nprint(m)\n"
                "print(sum(p.numel() for p in m.parameters()))\n" % depth)
    return ("m = nn.Sequential(*[nn.Dropout(0.1) for _ in range(%d)])\nm.train()\nprint(m(torch.ones(3)).shape)\n"
            "m.eval()\nprint(m)\n" % depth)


def fstrings(r):
    specs = ["{x!r:>{w}}", "{x:{w}.{w}f}", "{x:=^30}", "{'{'}", "{x!s}", "{x:,}", "{{{x}}}", "{x:%}",
             "{x:e}", "{x:#x}", "{t}", "{t!r}", "{t:>5}", "{x=}", "{x = }", "{'a' 'b'}", "{x:{'>'}{w}}"]
    return "x = %s\nw = %d\nt = torch.ones(2)\nprint(f'%s')\n" % (
        r.choice(["3", "3.5", "-0.0", "10**20", "'s'", "True", "None", "[1, 2]"]), r.choice([0, 5, 300]),
        "".join(r.choice(specs) for _ in range(r.randrange(1, 5))))


def trace_target(r):
    return ("class A(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            "        self.l = nn.Linear(3, 2, bias=False)\n        self.register_buffer('mask', torch.ones(6, 6))\n\n"
            "    def forward(self, x):\n        a = self.l(x)\n        b, c = a, a.T\n        a.mul_(2)\n"
            "        d = [a for _ in range(%d)]\n        e = torch.stack(d) if d else a\n        return e\n\n\n"
            "print(A()(torch.ones(6, 3)).shape)\n" % r.choice([0, 1, 100, 10000]))


def notebook(r):
    cells = []
    for _ in range(r.randrange(0, 6)):
        k = r.randrange(8)
        if k == 0:
            cells.append({"cell_type": "code", "source": "print(1)", "metadata": {}, "outputs": []})
        elif k == 1:
            cells.append({"cell_type": "code", "metadata": {}})
        elif k == 2:
            cells.append({"cell_type": "markdown", "source": ["# t\n"]})
        elif k == 3:
            cells.append({"cell_type": "code", "source": ["x = (1 +\n"], "outputs": [{"a": [[[[]]]]}]})
        elif k == 4:
            cells.append({"cell_type": "code", "source": ["", "", "1 + 1"]})
        elif k == 5:
            cells.append({"cell_type": "raw", "source": 3})
        elif k == 6:
            cells.append({"cell_type": "code", "source": ["%time x = 1\n"]})
        else:
            cells.append({"cell_type": "code", "source": ["import torch\n", "torch.ones(%d)" % r.choice([0, 3, 10000])]})
    nb = r.choice([{"cells": cells, "nbformat": 4, "nbformat_minor": 5, "metadata": {}},
                   {"cells": cells}, {"worksheets": [{"cells": cells}]}, cells, {"cells": None}])
    return json.dumps(nb)


KINDS = [nest, huge, recursion, selfref, attrs, modules, fstrings, trace_target]


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    r = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    os.makedirs(out, exist_ok=True)
    for i in range(n):
        if i % 10 == 9:
            with open(os.path.join(out, "h%04d.ipynb" % i), "w") as f:
                f.write(notebook(r))
            continue
        body = "".join(r.choice(KINDS)(r) for _ in range(r.randrange(1, 3)))
        with open(os.path.join(out, "h%04d.py" % i), "w") as f:
            f.write(HEAD + body)


if __name__ == "__main__":
    main()
