#!/usr/bin/python3
"""strarg_scripts.py - str's methods called with wrong arguments, for tests/run.

Writes tests/run/strarg-err-NN.py, one wrong call each (too many or too few
arguments, an argument of the wrong type, a keyword where a str method takes
none, str.format with a missing field or a bad spec): the script prints a
line, then makes the call, so that its golden holds Python 3.11's exception
type and message and the line.  Then tests/gen/run_cases.py writes the
goldens (/usr/bin/python3, Debian's 3.11).

    /usr/bin/python3 tests/gen/strarg_scripts.py
    /usr/bin/python3 tests/gen/run_cases.py tests/run/strarg-*.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "run")

CALLS = r'''
"a".split(1, 2, 3)
"a".split(1)
"a,b".split(",", "x")
"a".split(maxsplit="x")
"a".split(sep=1)
"a".split(sep=",", maxsplit=1, x=2)
"a b".split(None, 1.5)
"a".strip(1)
"a".strip(1, 2)
"a".lstrip(None, 2)
"a".rstrip(3)
"a".strip(chars="a")
"a".join(1)
"a".join()
"a".join([1], 2)
"a".join(iterable=["a"])
"a".replace("a")
"a".replace()
"a".replace(1, "b")
"a".replace("a", 2)
"a".replace("a", "b", "c")
"a".replace("a", "b", 1, 2)
"a".replace("a", "b", count=1)
"a".find()
"a".find(1)
"a".find("a", "b")
"a".find("a", 0, 1, 2)
"a".find(sub="a")
"a".index()
"a".index(1)
"a".count()
"a".count(1)
"a".count("a", 0.5)
"a".startswith()
"a".startswith(1)
"a".startswith(("a", 1))
"a".startswith("a", "x")
"a".startswith("a", 0, 1, 2)
"a".startswith(prefix="a")
"a".endswith()
"a".endswith("a", "x")
"a".endswith([1])
"a".upper(1)
"a".lower(1)
"a".isdigit(1)
"a".isalpha(x=1)
"a".zfill()
"a".zfill("3")
"a".zfill(1, 2)
"a".zfill(width=3)
"a".ljust()
"a".ljust(3, "ab")
"a".ljust(3, 1)
"a".ljust(width=3)
"a".center("3")
"a".rjust(3, "x", 1)
"a".center(3.0)
"{} {}".format(1)
"{0} {2}".format(1, 2)
"{x}".format(y=1)
"{".format(1)
"}".format(1)
"{0:d}".format("a")
"{:x}".format(1.5)
"{} {0}".format(1, 2)
"{0} {}".format(1, 2)
format(1, 2)
format()
format(1, "d", 3)
'''


def main():
    calls = [c for c in CALLS.strip("\n").split("\n") if c]
    for i, call in enumerate(calls):
        with open(os.path.join(RUN, "strarg-err-%02d.py" % i), "w") as f:
            f.write('print("before")\nprint(repr(%s))\n' % call)


if __name__ == "__main__":
    main()
