#!/usr/bin/python3
"""Check mode reads back PyTorch's prints of arbitrary tensors (a sweep, not a golden generator).

Usage:
    /usr/bin/python3 tests/gen/readprint_sweep.py [--seed S] [--count N] [--bin PATH]

Each case: random inputs (2-d or 3-d; values of every scale, integers,
inf, nan, -0.), printed by real PyTorch 1.13 with random print options
(precision 0-10, sci_mode, threshold/edgeitems: summarised prints,
linewidth) after a label (`inputs`, `x`, `print(inputs)`, `>>> x`,
`Parameter containing:`) or none; `attn-explain --check` must say it
matches the input stage (exit 0), and with one shown element moved by
three units of its last digit, that it differs (exit 3).
"""
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

import torch
import torch.nn as nn

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def value(rng, scale):
    r = rng.random()
    if r < 0.03:
        return rng.choice(["inf", "-inf", "nan"])
    if r < 0.06:
        return -0.0
    if r < 0.2:
        return float(rng.randrange(-50, 50)) * scale
    return rng.uniform(-1, 1) * scale


def main(argv):
    seed, count, binary = 5, 300, os.path.join(ROOT, "attn-explain")
    for i in range(0, len(argv), 2):
        if argv[i] == "--seed":
            seed = int(argv[i + 1])
        elif argv[i] == "--count":
            count = int(argv[i + 1])
        elif argv[i] == "--bin":
            binary = argv[i + 1]
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="rpsweep")
    fails = []
    n = 0
    for k in range(count):
        dims = ([rng.choice([1, 2, 3])] if rng.random() < 0.3 else []) + \
            [rng.choice([1, 2, 3, 5, 8, 40]), rng.choice([1, 2, 4, 7, 30])]
        scale = 10.0 ** rng.choice([-9, -5, -3, -1, 0, 0, 0, 1, 3, 5, 9, 20])
        same_int = rng.random() < 0.1
        def build(d):
            if len(d) == 1:
                return [float(rng.randrange(-9, 9)) if same_int else value(rng, scale) for _ in range(d[0])]
            return [build(d[1:]) for _ in range(d[0])]
        data = build(dims)
        cfg = {"inputs": data}
        ipath = os.path.join(tmp, "in.json")
        with open(ipath, "w") as f:
            json.dump(cfg, f)
        t = torch.tensor([[[float(v) for v in r] for r in m] for m in data] if len(dims) == 3
                         else [[float(v) for v in r] for r in data], dtype=torch.float32)
        opts = dict(precision=rng.choice([0, 1, 2, 4, 4, 6, 8, 10]),
                    sci_mode=rng.choice([None, None, True, False]),
                    threshold=rng.choice([1000, 1000, 10, 50]),
                    edgeitems=rng.choice([1, 2, 3]),
                    linewidth=rng.choice([80, 80, 40, 200]))
        torch.set_printoptions(profile="default")
        torch.set_printoptions(**opts)
        form = rng.randrange(6)
        if form == 5:
            text = str(nn.Parameter(t.clone()))
        else:
            text = str(t.clone().requires_grad_(rng.random() < 0.3))
        head = ["inputs\n", "x:\n", "print(inputs)\n", ">>> x\n", "", ""][form]
        for variant in ("ok", "moved"):
            body = text
            if variant == "moved":
                nums = [m for m in re.finditer(r"(?<![\w.])-?\d+\.?\d*(?:e[+-]\d+)?", body.split("tensor(", 1)[1])]
                off = body.index("tensor(") + 7
                nums = [m for m in nums if "e" in m.group(0) or "." in m.group(0)]
                if not nums:
                    continue
                m = rng.choice(nums)
                s = m.group(0)
                mant, _, ex = s.partition("e")
                digits = len(mant.split(".")[1]) if "." in mant else 0
                unit = 10.0 ** (-digits)
                # beyond one unit and beyond check.c's float32 noise floor (2^-17 of the largest shown element)
                shown = [abs(float(v)) for v in re.findall(r"-?\d+\.?\d*(?:e[+-]\d+)?", body.split("tensor(", 1)[1])]
                big = max(shown, default=0.0)
                step = 3 * unit
                while step < 2 * big * 2.0 ** -17:
                    step += unit * max(1, int(big * 2.0 ** -16 / unit))
                new = float(mant) + step
                ns = ("%.*f" % (digits, new)) + (("e" + ex) if ex else "")
                if digits == 0 and "." in mant:
                    ns += "."
                body = body[:off + m.start()] + ns + body[off + m.end():]
                if "e" in s:
                    continue  # a sci print's unit is its largest element's: moving a small one may stay within it
            theirs = os.path.join(tmp, "theirs.txt")
            with open(theirs, "w") as f:
                f.write(head + body + "\n")
            p = subprocess.run([binary, "--check", theirs, ipath], capture_output=True, text=True)
            n += 1
            want = 0 if variant == "ok" else 3
            if p.returncode != want or p.stderr:
                fails.append("%s rc %d want %d: %s\n%s%s\n%s" % (variant, p.returncode, want, opts, head, body,
                                                                (p.stdout + p.stderr)[:400]))
    for f in fails[:10]:
        print("----\n" + f)
    print("readprint_sweep: %d cases, %d failed" % (n, len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
