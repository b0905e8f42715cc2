#!/usr/bin/python3
"""arange_scripts.py - tests/run/arange-*.py: torch.arange with float and int bounds and steps.

Writes scripts that print many random torch.arange calls (their dtype, shape and
exact values through .tolist(), so the last bit shows) and the error cases; then
run `tests/gen/run_cases.py tests/run/arange-*.py` for the goldens from PyTorch.
Sizes stay under 32768 elements (ATen's grain: past it the threads split the
vector loop elsewhere).  Usage: arange_scripts.py [SEED]
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "run")


def num(r, lo, hi):
    k = r.random()
    if k < 0.3:
        return str(r.randint(lo, hi))
    if k < 0.5:
        return repr(round(r.uniform(lo, hi), r.randint(0, 3)))
    return repr(r.uniform(lo, hi))


def call(r):
    form = r.randint(0, 3)
    dt = r.choice(["", "", "", ", dtype=torch.float64", ", dtype=torch.float32"])
    if form == 0:
        return "torch.arange(%s%s)" % (num(r, 0, 300), dt)
    start = num(r, -50, 50)
    if form == 1:
        return "torch.arange(%s, %s%s)" % (start, repr(float(start) + r.uniform(0, 200)), dt)
    step = r.choice([0.1, 0.01, 0.3, 1e-3, 0.7, 2.5, 1 / 3, 0.05]) * r.choice([1, 1, -1]) * r.uniform(0.5, 3)
    if r.random() < 0.3:
        step = r.choice([0.1, 0.2, 0.25, 0.5, 1.5])
    span = abs(step) * r.randint(0, 400) + r.uniform(0, abs(step))
    end = float(start) + (span if step > 0 else -span)
    return "torch.arange(%s, %s, %s%s)" % (start, repr(end), repr(step), dt)


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    r = random.Random(seed)
    for k in range(4):
        lines = ["# torch.arange against PyTorch's values (tests/gen/arange_scripts.py, seed %d)" % seed,
                 "import torch"]
        for _ in range(60):
            c = call(r)
            lines.append("t = %s" % c)
            lines.append("print(t.dtype, t.shape, t.tolist())")
        lines.append("print(torch.arange(3.), torch.arange(0, 1, 0.1), torch.arange(1, 2.5))")
        with open(os.path.join(RUN, "arange-%02d.py" % k), "w") as f:
            f.write("\n".join(lines) + "\n")
    errs = ["torch.arange(5, 0)", "torch.arange(0, 5, -1)", "torch.arange(0, 5, 0.0)",
            "torch.arange(0, 5, 0.5, dtype=torch.long)", "torch.arange(float('inf'))",
            "torch.arange(1.5, 0.5, 0.25)"]
    for k, e in enumerate(errs):
        with open(os.path.join(RUN, "arange-err-%02d.py" % k), "w") as f:
            f.write("# a torch.arange PyTorch refuses\nimport torch\nprint(torch.arange(2.))\nprint(%s)\n" % e)


if __name__ == "__main__":
    main()
