#!/usr/bin/python3
"""emit_cases.py - the cases of tests/emit: inputs, options, and what PyTorch prints.

Writes tests/emit/rand-NN.json (random valid inputs over every feature of the
input contract: simple mode, drawn and explicit weights of both forms, stacked
and split heads, causal, scale, dropout with both generators and a dropout
seed, output projections, batches, drawn inputs, tokens, print options),
tests/emit/cases.txt (one case a line: NAME, options, input file; the data/
examples too), and for each case tests/emit/NAME.out: the standard output of
the script `attn-explain OPTIONS --emit python FILE` writes, run by real
PyTorch 1.13 on the reference BLAS.  tests/run.sh then holds attn-explain's
own output to it, with or without PyTorch at hand.

Usage: /usr/bin/python3 tests/gen/emit_cases.py [--inputs]   (--inputs: new random inputs too)
Run from the project root after `make`.
"""
import glob
import io
import json
import os
import random
import subprocess
import sys

_REF_BLAS = '/usr/lib/x86_64-linux-gnu/blas'
if os.path.isdir(_REF_BLAS) and not os.environ.get('LD_LIBRARY_PATH', '').startswith(_REF_BLAS):
    os.environ['LD_LIBRARY_PATH'] = _REF_BLAS + (':' + os.environ['LD_LIBRARY_PATH'] if os.environ.get('LD_LIBRARY_PATH') else '')
    os.execv(sys.executable, [sys.executable] + sys.argv)

import torch  # noqa: E402  (after the BLAS is chosen)

HERE = 'tests/emit'
WORDS = ["Your", "journey", "starts", "with", "one", "step", "è", "perché", "猫", "naïve", "x\"y", "a\\b"]


def num(rng):
    r = rng.random()
    if r < 0.6:
        return round(rng.uniform(-1, 1), rng.choice([2, 3, 9]))
    if r < 0.8:
        return round(rng.gauss(0, 3), 4)
    if r < 0.9:
        return rng.choice([0.0, 1.0, -2.0, 0.5])
    return float('%.3g' % (rng.uniform(-1, 1) * 10 ** rng.randint(-6, 6)))


def array(rng, *shape):
    if len(shape) == 1:
        return [num(rng) for _ in range(shape[0])]
    return [array(rng, *shape[1:]) for _ in range(shape[0])]


def linear(rng, n_in, n_out, bias):
    w = {"weight": array(rng, n_out, n_in)}
    if bias:
        w["bias"] = array(rng, n_out)
    return w


def make_input(rng):
    T, d_in, B = rng.randint(1, 6), rng.randint(1, 5), rng.randint(1, 3)
    batched = rng.random() < 0.35
    inp = {}
    if rng.random() < 0.2:
        inp["inputs"] = {rng.choice(["rand", "randn"]): [B, T, d_in] if batched else [T, d_in]}
    else:
        inp["inputs"] = array(rng, B, T, d_in) if batched else array(rng, T, d_in)
    if rng.random() < 0.4:
        inp["tokens"] = [rng.choice(WORDS) for _ in range(T)]
    inp["seed"] = rng.choice([0, 1, 123, 789, 1337, 2**63 + 5])
    mode = rng.choice(["simple", "rand", "randn", "linear", "linear", "bare", "lin", "stacked"])
    H = 1
    if mode == "simple":
        H = rng.choice([h for h in (1, 2, 3) if d_in % h == 0])
    elif mode in ("rand", "randn", "linear"):
        H = rng.randint(1, 3)
        inp["init"] = mode
        inp["d_out"] = H * rng.randint(1, 3)
        if rng.random() < 0.4:
            inp["head_layout"] = "stacked"
        if mode == "linear" and rng.random() < 0.5:
            inp["qkv_bias"] = True
        if rng.random() < 0.4:
            inp["out_proj"] = True
        if rng.random() < 0.3:
            order = ["W_query", "W_key", "W_value"]
            rng.shuffle(order)
            inp["init_order"] = order
    else:
        H = rng.randint(1, 3)
        d_out = H * rng.randint(1, 2)
        w = {}
        if mode == "bare":
            for n in ("W_query", "W_key", "W_value"):
                w[n] = array(rng, d_in, d_out)
        elif mode == "lin":
            bias = rng.random() < 0.5
            for n in ("W_query", "W_key", "W_value"):
                w[n] = linear(rng, d_in, d_out, bias)
        else:
            inp["head_layout"] = "stacked"
            form = rng.choice(["bare", "lin"])
            hd = d_out // H
            w["heads"] = [{n: (array(rng, d_in, hd) if form == "bare" else linear(rng, d_in, hd, False))
                           for n in ("W_query", "W_key", "W_value")} for _ in range(H)]
        if rng.random() < 0.4:
            w["out_proj"] = array(rng, d_out, d_out) if rng.random() < 0.5 else linear(rng, d_out, d_out, True)
        inp["weights"] = w
    if H > 1 or rng.random() < 0.3:
        inp["heads"] = H
    if rng.random() < 0.5:
        inp["causal"] = True
    if rng.random() < 0.25:
        inp["scale"] = rng.choice([0.5, 1, 4, 0.35355339059327373, 1e-3])
    if rng.random() < 0.45:
        inp["dropout"] = rng.choice([0.1, 0.5, 0.25, 0.9, 1.0, 0.3333])
        if rng.random() < 0.4:
            inp["dropout_seed"] = rng.choice([0, 123, 7])
        if rng.random() < 0.3:
            inp["dropout_rng"] = "mkl"
    if rng.random() < 0.35:
        po = {}
        for k, choices in (("precision", [0, 2, 6, 10]), ("threshold", [5, 20, 1000, "inf"]),
                           ("edgeitems", [1, 2, 4]), ("linewidth", [30, 60, 120]), ("sci_mode", [None, True, False])):
            if rng.random() < 0.5:
                po[k] = rng.choice(choices)
        inp["print_options"] = po
    return inp


def emit(opts, path):
    return subprocess.run(["./attn-explain"] + opts.split() + ["--emit", "python", path],
                          check=True, capture_output=True).stdout.decode()


def run(script):
    out = io.StringIO()
    old = sys.stdout
    sys.stdout = out
    try:
        exec(compile(script, "<emitted>", "exec"), {"__name__": "__emitted__"})
    finally:
        sys.stdout = old
    return out.getvalue()


def main():
    if "--inputs" in sys.argv:
        rng = random.Random(20261123)
        for old in glob.glob(HERE + "/rand-*.json"):
            os.remove(old)
        for i in range(60):
            with open("%s/rand-%02d.json" % (HERE, i), "w") as f:
                json.dump(make_input(rng), f, ensure_ascii=False)
                f.write("\n")
    cases = []
    for path in sorted(glob.glob("data/*.json")):
        name = os.path.basename(path)[:-5]
        cases.append(("data-" + name, "", path))
        cases.append(("data-" + name + "-all-explain", "--all --explain", path))
    cases.append(("data-book-causal-dropout-mkl", "--all --dropout-rng mkl", "data/book-causal-dropout.json"))
    cases.append(("data-your-journey-seed-po", "--seed 5 --precision 7 --linewidth 40 --sci-mode true",
                  "data/your-journey.json"))
    opt_sets = ["", "--all", "--explain", "--all --seed 42", "--threshold 4 --edgeitems 1"]
    for i, path in enumerate(sorted(glob.glob(HERE + "/rand-*.json"))):
        cases.append((os.path.basename(path)[:-5], opt_sets[i % len(opt_sets)], path))
    with open(HERE + "/cases.txt", "w") as f:
        f.write("# NAME|OPTIONS|FILE: NAME.out is what `attn-explain OPTIONS --emit python FILE` prints under PyTorch\n")
        for name, opts, path in cases:
            f.write("%s|%s|%s\n" % (name, opts, path))
            with open("%s/%s.out" % (HERE, name), "w") as out:
                out.write(run(emit(opts, path)))
    print("emit_cases.py: %d cases" % len(cases))


main()
