#!/usr/bin/python3
"""emit_sweep.py - issue 13's acceptance rule on many new random inputs.

For N random valid inputs (every key of the input contract, big sizes that
summarise with `...`, non-ASCII tokens, print options) crossed with option
sets, `attn-explain OPTS --emit python FILE` run by real PyTorch (each script
in a fresh forked process, torch imported once) must print byte for byte what
`attn-explain OPTS --color never FILE` prints, and every `>>>` line a cell
shows must be a line the script executes.  Failing cases are kept in DIR.

Usage: [BIN=./attn-explain] /usr/bin/python3 tests/gen/emit_sweep.py [N] [SEED] [DIR]   (from the project root, after make)
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

_REF_BLAS = '/usr/lib/x86_64-linux-gnu/blas'
if os.path.isdir(_REF_BLAS) and not os.environ.get('LD_LIBRARY_PATH', '').startswith(_REF_BLAS):
    os.environ['LD_LIBRARY_PATH'] = _REF_BLAS + (':' + os.environ['LD_LIBRARY_PATH'] if os.environ.get('LD_LIBRARY_PATH') else '')
    os.execv(sys.executable, [sys.executable] + sys.argv)

import torch  # noqa: E402,F401  (imported once, before the forks)

WORDS = ["Your", "journey", "starts", "with", "one", "step", "è", "perché", "猫", "naïve", "x\"y", "a\\b",
         "👩‍💻", "שלום", "tab\there", "'q'", "%s", "{}", "\\n", "é́", "ｗｉｄｅ", "", " ", "a b", "\u00a0",
         "$x", "`cmd`", "#", "\u200b", "\\u0041"]


def num(rng, wild):
    r = rng.random()
    if wild and r < 0.05:
        return rng.choice(["inf", "-inf", "nan"])
    if r < 0.55:
        return round(rng.uniform(-1, 1), rng.choice([1, 2, 3, 9]))
    if r < 0.75:
        return round(rng.gauss(0, 3), 4)
    if r < 0.85:
        return rng.choice([0.0, 1.0, -2.0, 0.5, -0.0, 100.0, 1e-5])
    if r < 0.95:
        return float('%.3g' % (rng.uniform(-1, 1) * 10 ** rng.randint(-9, 9)))
    return rng.choice([3.4e38, -3.4e38, 1e-40, 1e-45, 123456789.0, 65504.0, 1e20])


def array(rng, wild, *shape):
    if len(shape) == 1:
        return [num(rng, wild) for _ in range(shape[0])]
    return [array(rng, wild, *shape[1:]) for _ in range(shape[0])]


def linear(rng, wild, n_in, n_out, bias):
    w = {"weight": array(rng, wild, n_out, n_in)}
    if bias:
        w["bias"] = array(rng, wild, n_out)
    return w


def make_input(rng):
    big = rng.random() < float(os.environ.get("BIG", "0.15"))
    wild = rng.random() < float(os.environ.get("WILD", "0.1"))
    T = rng.randint(1, int(os.environ.get("MAXT", "40"))) if big else rng.randint(1, 7)
    d_in = rng.randint(1, 24) if big else rng.randint(1, 6)
    B = rng.randint(1, 3)
    batched = rng.random() < 0.35
    inp = {}
    if rng.random() < 0.25:
        inp["inputs"] = {rng.choice(["rand", "randn"]): [B, T, d_in] if batched else [T, d_in]}
    else:
        inp["inputs"] = array(rng, wild, B, T, d_in) if batched else array(rng, wild, T, d_in)
    if rng.random() < 0.5:
        inp["tokens"] = [rng.choice(WORDS) for _ in range(T)]
    if rng.random() < 0.9:
        inp["seed"] = rng.choice([0, 1, 42, 123, 789, 1337, 2**63 + 5, 2**64 - 1, 2**32, 2**31 - 1])
    mode = rng.choice(["simple", "rand", "randn", "linear", "linear", "bare", "lin", "stacked"])
    H = 1
    if mode == "simple":
        H = rng.choice([h for h in (1, 2, 3, 4) if d_in % h == 0])
    elif mode in ("rand", "randn", "linear"):
        H = rng.randint(1, 4)
        inp["init"] = mode
        inp["d_out"] = H * rng.randint(1, 8 if big else 3)
        if rng.random() < 0.4:
            inp["head_layout"] = rng.choice(["stacked", "split"])
        if rng.random() < 0.5:
            inp["qkv_bias"] = mode == "linear" or rng.random() < 0.2 and False
        if rng.random() < 0.4:
            inp["out_proj"] = rng.random() < 0.8
        if rng.random() < 0.3:
            order = ["W_query", "W_key", "W_value"]
            rng.shuffle(order)
            inp["init_order"] = order
    else:
        H = rng.randint(1, 3)
        d_out = H * rng.randint(1, 3)
        w = {}
        if mode == "bare":
            for n in ("W_query", "W_key", "W_value"):
                w[n] = array(rng, wild, d_in, d_out)
        elif mode == "lin":
            for n in ("W_query", "W_key", "W_value"):
                w[n] = linear(rng, wild, d_in, d_out, rng.random() < 0.5)
        else:
            inp["head_layout"] = "stacked"
            form = rng.choice(["bare", "lin"])
            hd = d_out // H
            heads = []
            hb = {n: rng.random() < 0.3 for n in ("W_query", "W_key", "W_value")}
            for _ in range(H):
                h = {}
                for n in ("W_query", "W_key", "W_value"):
                    f = form if form != "mixed" else rng.choice(["bare", "lin"])
                    h[n] = array(rng, wild, d_in, hd) if f == "bare" else linear(rng, wild, d_in, hd, hb[n])
                heads.append(h)
            w["heads"] = heads
        if rng.random() < 0.4:
            w["out_proj"] = array(rng, wild, d_out, d_out) if rng.random() < 0.5 else \
                linear(rng, wild, d_out, d_out, rng.random() < 0.7)
        inp["weights"] = w
        if rng.random() < 0.3:
            inp["d_out"] = d_out
    if H > 1 or rng.random() < 0.3:
        inp["heads"] = H
    if rng.random() < 0.5:
        inp["causal"] = rng.random() < 0.85
    if rng.random() < 0.25:
        inp["scale"] = rng.choice([0.5, 1, 4, 0.35355339059327373, 1e-3, None, 2.5e-5, 10])
    if rng.random() < 0.5:
        inp["dropout"] = rng.choice([0, 0.1, 0.5, 0.25, 0.9, 1.0, 0.3333, 1e-7, 0.999999])
        if rng.random() < 0.4:
            inp["dropout_seed"] = rng.choice([0, 123, 7, 2**63, 2**64 - 1])
        if rng.random() < 0.4:
            inp["dropout_rng"] = rng.choice(["mkl", "default"])
    if rng.random() < 0.45:
        po = {}
        for k, choices in (("precision", [0, 1, 2, 6, 8, 10, 15]), ("threshold", [0, 1, 5, 20, 1000, "inf"]),
                           ("edgeitems", [1, 2, 4, 7]), ("linewidth", [1, 10, 30, 60, 120, 200]),
                           ("sci_mode", [None, True, False])):
            if rng.random() < 0.5:
                po[k] = rng.choice(choices)
        inp["print_options"] = po
    if rng.random() < 0.1:
        inp["_comment"] = rng.choice(WORDS)
    return inp


OPTS = ["", "--all", "--explain", "--all --explain", "--seed 42", "--seed 0 --all", "--precision 2",
        "--precision 8 --sci-mode true", "--sci-mode false --linewidth 50", "--threshold 4 --edgeitems 1",
        "--threshold 10 --edgeitems 2 --all", "--linewidth 20 --explain", "--dropout-rng mkl --all",
        "--dropout-rng default", "--seed 18446744073709551615 --explain", "--sci-mode none --precision 0",
        "--edgeitems 1 --threshold 0", "--all --explain --seed 7 --precision 6 --linewidth 100 --threshold 30 --edgeitems 3"]


def run_script(path, out_path):
    pid = os.fork()
    if pid == 0:
        try:
            fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
            sys.stderr = sys.stdout
            with open(path, encoding="utf-8") as f:
                src = f.read()
            exec(compile(src, path, "exec"), {"__name__": "__main__"})
            sys.stdout.flush()
            os._exit(0)
        except BaseException as e:  # noqa: B902
            try:
                import traceback
                traceback.print_exc()
                sys.stdout.flush()
            finally:
                os._exit(3)
    _, st = os.waitpid(pid, 0)
    return st


BIN = os.environ.get("BIN", "./attn-explain")
SHOWN = re.compile(r'^print\("  >>> (.*)"\)$')


def shown_lines_check(script):
    """Every `>>>` line printed by the script is a statement the script executes right after."""
    lines = script.split("\n")
    code = [ln for ln in lines if not SHOWN.match(ln) and not ln.startswith("#")]
    code_set = set(code)
    bad = []
    for ln in lines:
        m = SHOWN.match(ln)
        if not m:
            continue
        try:
            shown = json.loads('"' + m.group(1) + '"')
        except ValueError:
            shown = m.group(1)
        if shown in code_set or "print(%s)" % shown in code_set:
            continue
        if "(...)" in shown:
            head = shown.split("(...)")[0]
            if any(c.startswith(head + "(") for c in code):
                continue
        bad.append(shown)
    return bad


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    keep = sys.argv[3] if len(sys.argv) > 3 else "/tmp/emit-sweep-fail"
    os.makedirs(keep, exist_ok=True)
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp()
    ok = fail = invalid = 0
    for i in range(n):
        inp = make_input(rng)
        path = os.path.join(tmp, "in-%d.json" % i)
        with open(path, "w") as f:
            json.dump(inp, f, ensure_ascii=rng.random() < 0.3)
        for opts in rng.sample(OPTS, 3):
            args = [BIN] + opts.split()
            tool = subprocess.run(args + ["--color", "never", path], capture_output=True)
            if tool.returncode == 2 or (tool.returncode == 1 and b"attn-explain:" in tool.stderr and not tool.stdout):
                em = subprocess.run(args + ["--emit", "python", path], capture_output=True)
                if em.returncode == tool.returncode:
                    invalid += 1
                    if os.environ.get("SHOW_REFUSED"):
                        print("refused:", tool.stderr.decode(errors="replace").strip()[:200])
                    continue
            em = subprocess.run(args + ["--emit", "python", path], capture_output=True)
            if em.returncode != 0:
                fail += 1
                print("FAIL emit-rc %d %s: %s" % (i, opts, em.stderr.decode(errors="replace")[:300]))
                continue
            sp = path + ".py"
            with open(sp, "wb") as f:
                f.write(em.stdout)
            st = run_script(sp, sp + ".got")
            with open(sp + ".got", "rb") as f:
                got = f.read()
            want = tool.stdout + tool.stderr
            bad = shown_lines_check(em.stdout.decode())
            if got == want and tool.returncode == 0 and st == 0 and not bad:
                ok += 1
                continue
            fail += 1
            name = "%s/case-%d-%d" % (keep, seed, i)
            subprocess.run(["cp", path, name + ".json"])
            with open(name + ".opts", "w") as f:
                f.write(opts + "\n")
            print("FAIL %s opts=[%s] rc=%d st=%d shown=%r" % (name, opts, tool.returncode, st, bad[:2]))
            if got != want:
                import difflib
                d = list(difflib.unified_diff(want.decode(errors="replace").split("\n"),
                                              got.decode(errors="replace").split("\n"), "tool", "torch", lineterm="", n=1))
                print("\n".join(d[:14]))
            sys.stdout.flush()
    print("emit_sweep: %d ok, %d failed, %d refused inputs (seed %d)" % (ok, fail, invalid, seed))


if __name__ == "__main__":
    main()
