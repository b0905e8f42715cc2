#!/usr/bin/python3
"""Outside-check-style sweep of `attn-explain --why` against real PyTorch 1.13.

Usage:
    /usr/bin/python3 tests/gen/why_sweep.py [--seed S] [--count N] [--bin PATH] [--keep DIR]

Makes up N random inputs (not the committed ones), asks --why for random
elements of every stage at depth 2 and at depth all (small inputs), and
checks, from the tool's text alone:
  - every step starts "NAME[INDEX] = FORMULA", INDEX non-negative, in range,
    one index per dimension of NAME; the first step is the element asked for;
  - every step's lines are indented by four spaces, the last "    = VALUE";
  - VALUE equals print(NAME[INDEX]) inside tensor(...) in PyTorch;
and, as a second opinion, the whole text against why_cases.py's model.
Also bad input: one line on stderr, nothing on stdout, non-zero exit.
Prints one line per mismatch (first few of each class) and a summary.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import why_cases as wc  # noqa: E402
import reference as ref  # noqa: E402
import torch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
HEAD = re.compile(r"^([A-Za-z_][A-Za-z_0-9.]*)\[([^\]]*)\] = (.+)$")


def tensor_of(run, name):
    if name in run.S:
        return run.S[name]
    base, _, attr = name.partition(".")
    if base not in wc.LAYER_VAR:
        return None
    l = wc.LAYER_VAR.index(base)
    if l not in run.layers:
        return None
    lin, w, b = run.layers[l]
    if lin != bool(attr):
        return None
    if not attr or attr == "weight":
        return w
    if attr == "bias":
        return b
    return None


def elem_str(t):
    s = str(t)
    assert s.startswith("tensor("), s
    s = s[7:]
    i = s.find(", grad_fn=")
    if i >= 0:
        return s[:i]
    assert s.endswith(")"), s
    return s[:-1]


def extra_cfg(rng, cfg):
    """Pushes the generic random input towards the corners the outside checks use."""
    if rng.random() < 0.2:
        cfg["seed"] = rng.randrange(1 << 64)
    if rng.random() < 0.15:
        cfg["tokens"] = ["t%d" % i for i in range(len(cfg["inputs"]) if isinstance(cfg["inputs"], list)
                                                   and not isinstance(cfg["inputs"][0][0], list)
                                                   else 0)] or None
        if cfg["tokens"] is None:
            del cfg["tokens"]
    inp = cfg["inputs"]
    if isinstance(inp, list) and rng.random() < 0.25:
        rows = inp if isinstance(inp[0][0], float) else [r for m in inp for r in m]
        r = rng.choice(rows)
        r[rng.randrange(len(r))] = rng.choice(["-inf", "-inf", "inf", "nan"])
    if isinstance(inp, list) and rng.random() < 0.15:
        f = rng.choice([1e-5, 1e4, 1e8, 37.0])

        def mul(x):
            return [mul(v) for v in x] if isinstance(x, list) else (x * f if isinstance(x, float) else x)
        cfg["inputs"] = mul(inp)
    return cfg


def big_cfg(rng):
    """Longer rows and sums (more than 8 terms)."""
    T = rng.choice([9, 11, 13, 16])
    d_in = rng.choice([9, 12, 16])
    cfg = {"inputs": {rng.choice(["rand", "randn"]): ([2] if rng.random() < 0.3 else []) + [T, d_in]},
           "seed": rng.randrange(1 << 30)}
    heads = rng.choice([1, 2, 3])
    cfg["init"] = rng.choice(["linear", "rand", "randn"])
    cfg["d_out"] = heads * rng.choice([3, 5, 9, 10])
    if heads > 1:
        cfg["heads"] = heads
        if rng.random() < 0.5:
            cfg["head_layout"] = "stacked"
    if cfg["init"] == "linear" and rng.random() < 0.5:
        cfg["qkv_bias"] = True
    if rng.random() < 0.5:
        cfg["out_proj"] = True
    if rng.random() < 0.6:
        cfg["causal"] = True
    if rng.random() < 0.5:
        cfg["dropout"] = rng.choice([0.1, 0.5, 0.9])
    if rng.random() < 0.3:
        cfg["scale"] = rng.choice([0.125, 0.3, 3.0])
    if rng.random() < 0.4:
        cfg["print_options"] = {"precision": rng.choice([1, 2, 5, 8]),
                                "sci_mode": rng.choice([None, True, False])}
    return cfg


class Sweep:
    def __init__(self, binary, tmp):
        self.bin, self.tmp = binary, tmp
        self.fails = {}
        self.cases = 0
        self.values = 0

    def fail(self, cls, msg):
        self.fails.setdefault(cls, []).append(msg)

    def run_tool(self, args):
        p = subprocess.run([self.bin] + args, capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout, p.stderr

    def check_case(self, path, cfg, run, name, ix, shown_ix, depth, verbose):
        expr = "%s[%s]" % (name, ", ".join(str(v) for v in shown_ix))
        args = (["-v"] if verbose else []) + ["--depth", depth, "--why", expr, path]
        tag = "%s %s" % (os.path.basename(path), " ".join(args[:-1]))
        self.cases += 1
        rc, out, err = self.run_tool(args)
        if rc != 0:
            if "reaches more than" in err:
                return
            self.fail("exit", "%s: rc %d: %s" % (tag, rc, err.strip()))
            return
        if err:
            self.fail("stderr", "%s: %s" % (tag, err.strip()))
        if not out.endswith("\n") or "\n\n\n" in out or out.startswith("\n"):
            self.fail("format-blank", tag)
        steps = out.rstrip("\n").split("\n\n")
        ref.set_print_options(cfg)
        for n, st in enumerate(steps):
            lines = st.split("\n")
            m = HEAD.match(lines[0])
            if not m:
                self.fail("format-head", "%s: %r" % (tag, lines[0]))
                continue
            sname, sidx = m.group(1), m.group(2)
            t = tensor_of(run, sname)
            if t is None:
                self.fail("unknown-name", "%s: %r" % (tag, lines[0]))
                continue
            try:
                idx = [int(v) for v in sidx.split(", ")]
            except ValueError:
                self.fail("format-index", "%s: %r" % (tag, lines[0]))
                continue
            if ", ".join(str(v) for v in idx) != sidx or len(idx) != t.dim() or \
                    any(v < 0 or v >= d for v, d in zip(idx, t.shape)):
                self.fail("format-index", "%s: %r shape %s" % (tag, lines[0], list(t.shape)))
                continue
            if n == 0 and (sname != name or idx != ix):
                self.fail("first-step", "%s: %r" % (tag, lines[0]))
            if len(lines) < 2 or any(not l.startswith("    ") for l in lines[1:]):
                self.fail("format-indent", "%s: %r" % (tag, st))
                continue
            last = lines[-1]
            if not re.match(r"^    = .*\S$", last):   # VALUE as PyTorch pads it: tensor(    0.0)
                self.fail("format-last", "%s: %r" % (tag, last))
                continue
            want = elem_str(t[tuple(idx)])
            self.values += 1
            if last[6:] != want:
                self.fail("value", "%s: %s[%s] = %s, PyTorch %s" % (tag, sname, sidx, last[6:], want))
        # second opinion: the generator's model of the whole text
        try:
            model = wc.why(run, name, wc.flat_of(run.S[name], ix), 0 if depth == "all" else int(depth), verbose)
        except SystemExit as e:
            self.fail("model-softmax", "%s: %s" % (tag, e))
            return
        if model is not None and model != out:
            a, b = out.split("\n"), model.split("\n")
            k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
            self.fail("text", "%s: line %d: tool %r, model %r" % (
                tag, k + 1, a[k] if k < len(a) else None, b[k] if k < len(b) else None))

    def check_bad(self, path, expr, extra=()):
        self.cases += 1
        rc, out, err = self.run_tool(list(extra) + ["--why", expr, path])
        tag = "%s --why %r" % (os.path.basename(path), expr)
        if rc == 0 or out != "" or err.count("\n") != 1 or not err.endswith("\n"):
            self.fail("bad-input", "%s: rc %d out %r err %r" % (tag, rc, out[:80], err))

    def one_input(self, rng, k, cfg):
        path = os.path.join(self.tmp, "in-%03d.json" % k)
        with open(path, "w") as fh:
            json.dump(cfg, fh)
        try:
            run = wc.Run(cfg)
        except SystemExit:
            return
        names = [n for n in ref.STAGES if n in run.S]
        small = sum(t.numel() for t in run.S.values()) <= 600
        for name in names:
            t = run.S[name]
            if t.numel() == 0:
                continue
            for _ in range(2):
                ix = [rng.randrange(d) for d in t.shape]
                shown_ix = [v - d if rng.random() < 0.25 else v for v, d in zip(ix, t.shape)]
                depth = "all" if small and rng.random() < 0.3 else "2"
                self.check_case(path, cfg, run, name, ix, shown_ix, depth, rng.random() < 0.2)
        # bad input
        t = run.S["attn_weights"]
        self.check_bad(path, "attn_weights[%d]" % (t.shape[0] - 1))
        self.check_bad(path, "keys.shape")
        self.check_bad(path, "attn_weights[%s]" % ", ".join(str(d) for d in t.shape))
        self.check_bad(path, "attn_weights[%s]" % ", ".join(str(-d - 1) for d in t.shape))
        self.check_bad(path, "attn_weights[%s, 0]" % ", ".join("0" for _ in t.shape))
        self.check_bad(path, "attn_weights[0:1, 0]" if t.dim() == 2 else "attn_weights[0, 0:1, 0]")
        self.check_bad(path, "nonsense[0, 0]")
        for absent in ("mask", "masked_scores", "dropout_mask", "dropped_weights", "merged", "output",
                       "queries_heads", "unmasked_weights"):
            if absent not in run.S:
                self.check_bad(path, "%s[0, 0]" % absent)
                break


def main(argv):
    seed, count, binary, keep = 777, 60, os.path.join(ROOT, "attn-explain"), None
    i = 0
    while i < len(argv):
        if argv[i] == "--seed":
            seed = int(argv[i + 1])
        elif argv[i] == "--count":
            count = int(argv[i + 1])
        elif argv[i] == "--bin":
            binary = argv[i + 1]
        elif argv[i] == "--keep":
            keep = argv[i + 1]
        i += 2
    rng = random.Random(seed)
    tmp = keep or tempfile.mkdtemp(prefix="whysweep")
    os.makedirs(tmp, exist_ok=True)
    sw = Sweep(binary, tmp)
    for k in range(count):
        cfg = big_cfg(rng) if rng.random() < 0.2 else extra_cfg(rng, wc.random_cfg(rng, k))
        sw.one_input(rng, k, cfg)
    for cls, msgs in sorted(sw.fails.items()):
        print("== %s: %d" % (cls, len(msgs)))
        for m in msgs[:6]:
            print("   " + m)
    print("why_sweep: %d cases, %d values compared, %d mismatch classes, inputs in %s"
          % (sw.cases, sw.values, len(sw.fails), tmp))
    return 1 if sw.fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
