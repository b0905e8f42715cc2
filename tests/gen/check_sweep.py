#!/usr/bin/python3
"""A fresh check-mode corpus, from new random inputs, in the format of tests/check/cases.

Usage:
    /usr/bin/python3 tests/gen/check_sweep.py --seed S --count N DIR
    CASES=DIR/cases tests/check/run.sh

Writes DIR/in-K.json (random inputs of other sizes than the committed
corpus) and DIR/cases/*.txt|.json + .expect, made exactly as
check_cases.py makes tests/check/cases (its learner(), its print forms,
its verdict rule), plus each input's stages and weights (Parameter
containing:, JSON) and the right tensors printed from PyTorch on OpenBLAS.
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_cases as cc  # noqa: E402  (re-executes with the BLAS it needs)


def rnd(rng, *shape):
    if len(shape) == 1:
        return [round(rng.uniform(-1, 1), 4) for _ in range(shape[0])]
    return [rnd(rng, *shape[1:]) for _ in range(shape[0])]


def random_cfg(rng):
    cfg = {"seed": rng.randrange(1 << 31)}
    T = rng.choice([2, 3, 5, 7, 8, 9])
    d_in = rng.choice([2, 3, 5, 6, 7])
    if rng.random() < 0.12:		# prints summarised at the default threshold
        T, d_in = rng.choice([24, 33, 40]), rng.choice([16, 20, 30])
    lead = [rng.choice([2, 3])] if rng.random() < 0.35 else []
    if rng.random() < 0.5:
        cfg["inputs"] = {rng.choice(["rand", "randn"]): lead + [T, d_in]}
    else:
        cfg["inputs"] = rnd(rng, *(lead + [T, d_in]))
    mode = rng.choice(["simple", "bare", "linear", "init-linear", "init-linear", "init-rand", "init-randn"])
    heads = 1
    if mode == "simple":
        heads = rng.choice([h for h in (1, 2) if d_in % h == 0])
        d_out = d_in
    else:
        heads = rng.choice([1, 1, 2, 3])
        d_out = d_in if rng.random() < 0.4 and d_in % heads == 0 else heads * rng.choice([1, 2, 3, 4])
    if heads > 1:
        cfg["heads"] = heads
    if mode in ("bare", "linear"):
        w = {}
        bias = rng.random() < 0.5
        for n in ("W_query", "W_key", "W_value"):
            if mode == "bare":
                w[n] = rnd(rng, d_in, d_out)
            else:
                w[n] = {"weight": rnd(rng, d_out, d_in)}
                if bias:
                    w[n]["bias"] = rnd(rng, d_out)
        if rng.random() < 0.4:
            w["out_proj"] = {"weight": rnd(rng, d_out, d_out), "bias": rnd(rng, d_out)}
        cfg["weights"] = w
    elif mode != "simple":
        cfg["init"] = mode[5:]
        cfg["d_out"] = d_out
        if heads > 1 and rng.random() < 0.4:
            cfg["head_layout"] = "stacked"
        if cfg["init"] == "linear" and rng.random() < 0.5:
            cfg["qkv_bias"] = True
        if rng.random() < 0.4:
            cfg["out_proj"] = True
    if rng.random() < 0.55:
        cfg["causal"] = True
    if rng.random() < 0.12:
        cfg["scale"] = rng.choice([0.5, 2.0, 0.3])
    if rng.random() < 0.35:
        cfg["dropout"] = rng.choice([0.1, 0.25, 0.5, 0.9])
        if rng.random() < 0.6:
            cfg["dropout_seed"] = rng.randrange(1000)
    return cfg


def extra_forms(c, rng):
    """Print forms beyond text_case's: float64, requires_grad, precision 3 and 8, sci at precision 2, wide lines."""
    import torch
    mine = c.mine
    names = [n for n in ("queries", "attn_scores", "attn_weights", "context_vecs") if n in mine]
    for n in names:
        form = rng.randrange(7)
        t = mine[n]
        if form == 0:
            cc.set_opts()
            c.add(n, n, t.detach().double(), "----\n%s = %s.double()\nprint(%s)\n" % (n, n, n),
                  pick=lambda x: x.double())
        elif form == 1:
            cc.set_opts(precision=3)
            c.add(n, n, t.detach().clone().requires_grad_(True), "----\n>>> %s\n" % n)
        elif form == 2:
            cc.set_opts(precision=8)
            c.add(n, n, t, "----\nprint(%s)\n" % n)
        elif form == 3:
            cc.set_opts(precision=2, sci_mode=True)
            c.add(n, n, t, "----\n%s:\n" % n)
        elif form == 5:
            cc.set_opts(precision=rng.choice([0, 1]))
            c.add(n, n, t, "----\nprint(%s)\n" % n)
        elif form == 6:
            cc.set_opts(precision=3, sci_mode=False)
            c.add(n, n, t, "----\n%s = ...\nprint(%s)\n" % (n, n))
        else:
            cc.set_opts(linewidth=200, precision=5)
            c.add(n, n, t, "----\n# %s\n" % n)
    cc.set_opts()
    cc.summary(c)


def main(argv):
    if "--openblas" in argv:
        return openblas(argv[argv.index("--openblas") + 1])
    seed, count = 1, 10
    if "--seed" in argv:
        seed = int(argv[argv.index("--seed") + 1])
    if "--count" in argv:
        count = int(argv[argv.index("--count") + 1])
    out = os.path.abspath(argv[-1])
    cc.OUT = os.path.join(out, "cases")
    os.makedirs(cc.OUT, exist_ok=True)
    rng = random.Random(seed)
    inputs = []
    n = 0
    for k in range(count):
        cfg = random_cfg(rng)
        path = os.path.join(out, "in-%02d.json" % k)
        with open(path, "w") as f:
            json.dump(cfg, f)
        iname = "s%d-%02d" % (seed, k)
        inputs.append((iname, path))
        L = cc.leaves(cfg)
        cc.CACHE.clear()
        right = cc.learner(cfg, L, {})
        singles = cc.readings(cfg, L)
        pairs = []
        for _ in range(3):
            if len(singles) >= 2:
                a, b = rng.sample(singles, 2)
                (ia, _), = a.items()
                (ib, _), = b.items()
                if cc.SLOT[ia] != cc.SLOT[ib]:
                    pairs.append(dict(a, **b))
        for mk in [{}] + rng.sample(singles, min(3, len(singles))):
            c = cc.Case(cfg, L, right, singles, "%s-%s-forms" % (iname, cc.vname(mk)), mk)
            extra_forms(c, rng)
            cc.write(c.name, path, c, ".txt")
        for mk in [{}] + singles + pairs:
            base = "%s-%s" % (iname, cc.vname(mk))
            c = cc.Case(cfg, L, right, singles, base, mk)
            cc.text_case(c)
            cc.write(base, path, c, ".txt")
            c = cc.Case(cfg, L, right, singles, base, mk)
            cc.json_case(c)
            cc.write(base + "-json", path, c, ".json")
            n += 2
    cc.INPUTS = inputs
    cc.stage_cases()
    with open(os.path.join(out, "inputs.json"), "w") as f:
        json.dump(inputs, f)
    subprocess.run([sys.executable, os.path.abspath(__file__), "--openblas", out], check=True)
    print("check_sweep: %d mistake cases + stages + openblas for %d inputs in %s" % (n, count, cc.OUT))
    return 0


def openblas(out):
    cc.OUT = os.path.join(out, "cases")
    with open(os.path.join(out, "inputs.json")) as f:
        inputs = json.load(f)
    for iname, path in inputs:
        cfg = cc.load_cfg(path)
        L = cc.leaves(cfg)
        right = cc.learner(cfg, L, {})
        c = cc.Case(cfg, L, right, [], "%s-openblas" % iname, {})
        names = [n for n in cc.names_for(L, cfg) if n in right]
        for prec, sci in ((4, None), (6, None), (8, None), (2, True), (8, True), (0, None), (1, None)):
            cc.set_opts(precision=prec, sci_mode=sci)
            for n in names:
                c.text.append("print(%s)\n" % n + str(right[n]) + "\n")
                c.lines.append("line ok %s -" % c.reading(n))
        cc.set_opts()
        cc.summary(c)
        cc.write("%s-openblas" % iname, path, c, ".txt")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
