#!/usr/bin/python3
"""einsum_sublist.py - torch.einsum's sublist format for tests/run.

Writes tests/run/einsum-sub-NNN.py (NNN from 000): each seeds torch and
prints einsums called as torch.einsum(op1, [0, 1], op2, [1, 2], [0, 2])
(PyTorch 1.13's interleaved operands and subscript lists, ints 0..51 and
Ellipsis, the output list optional), the random equations and shapes of
einsum_scripts.py written as sublists; and tests/run/einsum-suberr-NN.py,
one bad sublist call each (PyTorch's messages).  Then run
tests/gen/run_cases.py on them for the goldens (real PyTorch).
Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/einsum_sublist.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/einsum-sub*.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import einsum_scripts as es  # noqa: E402


def sub_ints(r, labels):
    """a subscript list as ints (A-Z 0..25, a-z 26..51) and ..., as a list or a tuple"""
    out = []
    for l in labels:
        if l == "...":
            out.append("...")
        else:
            out.append(str(ord(l) - ord("A") if l.isupper() else ord(l) - ord("a") + 26))
    text = ", ".join(out)
    return "(%s%s)" % (text, "," if len(out) == 1 else "") if r.random() < 0.2 else "[%s]" % text


def script(r):
    lines = ["import torch", "torch.manual_seed(%d)" % r.randrange(1000)]
    k = 0
    while k < r.randrange(4, 8):
        got = es.call(r)
        if got is None:
            continue
        eq, shapes = got
        eq = eq.replace(" ", "")
        lhs = eq.split("->")[0]
        subs = [es_split(p) for p in lhs.split(",")]
        names = []
        for n, shape in enumerate(shapes):
            name = "x%d" % n
            if shape:
                lines.append("%s = torch.%s(%s)" % (name, r.choice(["rand", "randn"]), ", ".join(str(d) for d in shape)))
            else:
                lines.append("%s = torch.randn(1)[0]" % name)
            names.append(name)
        args = []
        for name, s in zip(names, subs):
            args += [name, sub_ints(r, s)]
        if "->" in eq:
            args.append(sub_ints(r, es_split(eq.split("->")[1])))
        lines.append("y = torch.einsum(%s)" % ", ".join(args))
        lines.append("print(y.shape, y.tolist())")
        k += 1
    return "\n".join(lines) + "\n"


def es_split(part):
    """'ab...c' as ['a', 'b', '...', 'c']"""
    out, i = [], 0
    while i < len(part):
        if part.startswith("...", i):
            out.append("...")
            i += 3
        else:
            out.append(part[i])
            i += 1
    return out


ERRORS = [
    'torch.einsum(a)',
    'torch.einsum(a, [0, 52])',
    'torch.einsum(a, [0, -1])',
    'torch.einsum(a, [0, "x"])',
    'torch.einsum(a, [0, 1.5])',
    'torch.einsum(a, 3)',
    'torch.einsum(a, [0, 1], b, [2, 3], [0, 3])',
    'torch.einsum(a, [0, 1], b, [1, 2], [0, 5])',
    'torch.einsum(a, [0, 1, 2])',
    'torch.einsum(a, [0, 1], 3, [1, 2])',
    'torch.einsum(a, [0, 1], b, [1, 2], [0, 0])',
    'torch.einsum(a, [..., 1], b, [1, ...], [..., ..., 0])',
    'torch.einsum(a, [0, 1], [1, 0], [1])',
]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2323)
    for i in range(count):
        with open(os.path.join(es.RUN, "einsum-sub-%03d.py" % i), "w") as f:
            f.write(script(r))
    for i, e in enumerate(ERRORS):
        with open(os.path.join(es.RUN, "einsum-suberr-%02d.py" % i), "w") as f:
            f.write("import torch\na = torch.ones(2, 3)\nb = torch.ones(3, 4)\n"
                    "print(torch.einsum(a, [0, 1], b, [1, 2], [0, 2]))\nprint(%s)\n" % e)


if __name__ == "__main__":
    main()
