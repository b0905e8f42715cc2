#!/usr/bin/python3
"""str_scripts.py - scripts of Python's str and the `in` operator for tests/run.

Writes tests/run/str-rand-NNN.py (NNN from 000): each prints the results
of random calls of str's methods (split with and without sep and
maxsplit, join, strip/lstrip/rstrip, upper/lower, replace, startswith/
endswith, ljust/rjust/center, zfill, count, find/index, isdigit/isalpha,
format with {} {0} {name} and specs, % formatting, s * n, s[i], s[a:b:c],
len, iteration, `in`/`not in` over str, list, tuple, range and tensors) on
random strings, some of them not ASCII; and tests/run/str-err-NN.py, one
wrong use each (Python's and PyTorch's messages).  Then run
tests/gen/run_cases.py on them for the goldens (real Python 3 + PyTorch).
Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/str_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/str-*.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "run")
ALPHA = ["a", "b", "c", "x", "Y", "Z", " ", " ", ",", "-", "+", "0", "1", "7", "é", "ß", "λ", "\t", ".", "ab"]


def rstr(r, lo=0, hi=9):
    return "".join(r.choice(ALPHA) for _ in range(r.randint(lo, hi)))


def lit(s):
    return repr(s)


def rint(r, lo=-6, hi=12):
    return r.randint(lo, hi)


def method_call(r, v):
    """one expression on variable v"""
    sub = lit(rstr(r, 0, 2))
    k = r.randrange(28)
    if k == 0:
        return "%s.split()" % v
    if k == 1:
        return "%s.split(%s)" % (v, lit(rstr(r, 1, 2)))
    if k == 2:
        return "%s.split(%s, %d)" % (v, lit(r.choice([",", " ", "a", "-"])), rint(r, -1, 3))
    if k == 3:
        return "%s.split(maxsplit=%d)" % (v, rint(r, -1, 3))
    if k == 4:
        return "%s.join(%s.split())" % (lit(r.choice(["", ",", " - ", "é"])), v)
    if k == 5:
        return "%s.%s()" % (v, r.choice(["strip", "lstrip", "rstrip"]))
    if k == 6:
        return "%s.%s(%s)" % (v, r.choice(["strip", "lstrip", "rstrip"]), lit(rstr(r, 1, 3)))
    if k == 7:
        return "%s.%s()" % (v, r.choice(["upper", "lower"]))
    if k == 8:
        return "%s.replace(%s, %s)" % (v, sub, lit(rstr(r, 0, 3)))
    if k == 9:
        return "%s.replace(%s, %s, %d)" % (v, sub, lit(rstr(r, 0, 2)), rint(r, -1, 3))
    if k == 10:
        return "%s.%s(%s)" % (v, r.choice(["startswith", "endswith"]), sub)
    if k == 11:
        return "%s.%s((%s, %s))" % (v, r.choice(["startswith", "endswith"]), sub, lit(rstr(r, 1, 2)))
    if k == 12:
        return "%s.%s(%d)" % (v, r.choice(["ljust", "rjust", "center"]), rint(r, -2, 14))
    if k == 13:
        return "%s.%s(%d, %s)" % (v, r.choice(["ljust", "rjust", "center"]), rint(r, 0, 14), lit(r.choice("*-é.")))
    if k == 14:
        return "%s.zfill(%d)" % (v, rint(r, -1, 12))
    if k == 15:
        return "%s.count(%s)" % (v, sub)
    if k == 16:
        return "%s.find(%s)" % (v, sub)
    if k == 17:
        return "%s.find(%s, %d, %d)" % (v, sub, rint(r), rint(r))
    if k == 18:
        return "%s.%s()" % (v, r.choice(["isdigit", "isalpha"]))
    if k == 19:
        return "%s[%d:%d]" % (v, rint(r), rint(r))
    if k == 20:
        return "%s[::%d]" % (v, r.choice([-1, -2, 2, 3]))
    if k == 21:
        return "%s * %d" % (v, rint(r, -1, 3))
    if k == 22:
        return "len(%s)" % v
    if k == 23:
        return "%s in %s" % (sub, v)
    if k == 24:
        return "%s not in %s" % (sub, v)
    if k == 25:
        return "[c for c in %s]" % v
    if k == 26:
        return "%s.count(%s, %d)" % (v, sub, rint(r))
    return "%s[%d] if len(%s) > %d else None" % (v, rint(r, -3, 3), v, 3)


def fmt_line(r):
    x = round(r.uniform(-1000, 1000), r.randint(0, 6))
    i = r.randint(-99999, 99999)
    spec = r.choice(["", ".3f", ".1f", "8.2f", "<10", ">10", "^9", "+.2e", ".4g", ",", "08.3f", "x", "5d",
                     "*^12", ".0%"])
    ispec = r.choice(["", "5d", "05d", "+d", ",", "x", "#x", "<6", "^7", "o", "b"])
    k = r.randrange(8)
    if k == 0:
        return 'print("{} | {}".format(%r, %r))' % (x, i)
    if k == 1:
        return 'print("{0:%s} {1:%s} {0}".format(%r, %r))' % (spec, ispec, x, i)
    if k == 2:
        return 'print("{name!r:>12} {v:%s}".format(name=%r, v=%r))' % (spec, rstr(r, 0, 4), x)
    if k == 3:
        return 'print("{{literal}} {}".format(%r))' % rstr(r, 0, 5)
    f = r.choice(["%.4f", "%8.3f", "%-8.2f|", "%+d", "%05d", "%e", "%.3g", "%s", "%r", "%x", "%10s|", "%-6s|",
                  "%5.1f%%", "%i", "%#x", "% d"])
    if k == 4:
        return 'print(%r %% %r)' % (f, x if "d" not in f and "x" not in f and "i" not in f else i)
    if k == 5:
        return 'print("%%d %%s %%.2f" %% (%d, %r, %r))' % (i, rstr(r, 0, 4), x)
    if k == 6:
        return 'print("%%s and %%r" %% (%r, %r))' % (rstr(r, 0, 4), rstr(r, 0, 4))
    return 'print("%%.4f" %% torch.tensor(%r))' % x


def contains_line(r):
    k = r.randrange(7)
    n = r.randint(0, 5)
    items = [r.randint(-3, 3) for _ in range(n)]
    x = r.randint(-3, 3)
    if k == 0:
        return "print(%d in %r, %d not in %r)" % (x, items, x, items)
    if k == 1:
        return "print(%d in %r)" % (x, tuple(items))
    if k == 2:
        a, b, st = r.randint(-5, 5), r.randint(-5, 10), r.choice([1, 2, 3, -1, -2])
        return "print(%r in range(%d, %d, %d))" % (r.choice([x, float(x), x + 0.5]), a, b, st)
    if k == 3:
        return "print(%r in torch.tensor(%r))" % (r.choice([x, float(x), x + 0.5, True]), [float(v) for v in items] or [[]])
    if k == 4:
        return "print(torch.tensor(%d) in torch.arange(%d))" % (x, r.randint(0, 5))
    if k == 5:
        return "print(%r in [%r, %r])" % (rstr(r, 0, 2), rstr(r, 0, 2), rstr(r, 0, 2))
    return "print([v for v in %r if v not in %r])" % (items, items[: n // 2])


def script(r):
    lines = ["import torch", ""]
    for j in range(3):
        v = "s%d" % j
        lines.append("%s = %s" % (v, lit(rstr(r, 0, 12))))
        for _ in range(r.randint(4, 8)):
            lines.append("print(repr(%s))" % method_call(r, v))
    for _ in range(r.randint(3, 6)):
        lines.append(fmt_line(r))
    for _ in range(r.randint(3, 6)):
        lines.append(contains_line(r))
    lines.append('for ch in %s:' % lit(rstr(r, 1, 5)))
    lines.append('    print(ch, end="|")')
    lines.append("print()")
    return "\n".join(lines) + "\n"


ERRORS = [
    's = "abc"\nprint(s.upper())\nprint(s.nope())\n',
    'print(",".join([1, 2]))\n',
    'print(",".join(5))\n',
    'print("a b".split(""))\n',
    'print("a b".split(1))\n',
    'print("abc".replace(1, "x"))\n',
    'print("abc".startswith(1))\n',
    'print("abc".index("z"))\n',
    'print("abc".ljust("x"))\n',
    'print("abc".center(9, "ab"))\n',
    'print("abc".count(1))\n',
    'print("abc".strip(1))\n',
    'print("abc"["x"])\n',
    'print("abc"[3])\n',
    'print("abc" * "b")\n',
    'print("abc" * 1.5)\n',
    'print("%d" % "x")\n',
    'print("%d %d" % (1,))\n',
    'print("%d" % (1, 2))\n',
    'print("%f" % "x")\n',
    'print("%z" % 1)\n',
    'print("%" % 1)\n',
    'print("{} {}".format(1))\n',
    'print("{x}".format(1))\n',
    'print("{0} {}".format(1, 2))\n',
    'print("{".format())\n',
    'print("a}b".format())\n',
    'print(1 in "abc")\n',
    'print(1 in 5)\n',
    'import torch\nprint("a" in torch.ones(2))\n',
    'import torch\nprint(torch.ones(3) in torch.ones(2))\n',
    'print("abc"[::0])\n',
    'print("{!x}".format(1))\n',
    'print("{:d}".format("a"))\n',
    'print("%x" % 1.5)\n',
    'x = [1, 2]\nprint(3 not in x)\nprint(x not in 3)\n',
]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 23
    r = random.Random(seed)
    for i in range(count):
        with open(os.path.join(RUN, "str-rand-%03d.py" % i), "w") as f:
            f.write(script(r))
    for i, text in enumerate(ERRORS):
        with open(os.path.join(RUN, "str-err-%02d.py" % i), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
