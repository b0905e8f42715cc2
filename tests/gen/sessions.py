#!/usr/bin/python3
"""Run REPL sessions in real Python + PyTorch 1.13: what attn-explain's
interpreter (src/py*.c) must print for the same lines.

Usage:
    /usr/bin/python3 tests/gen/sessions.py SESSION.in [...]

For each SESSION.in (its first line "# input: FILE.json"), writes
SESSION.out (what the lines print on standard output) and SESSION.err
(one line per error, in order).  The namespace is the run's: torch, nn, F,
math, then every stage the input computes (tests/gen/reference.py computes
them, the same PyTorch operations as the C tool), the weights (nn.Linear
modules, or the bare matrices), heads (head_layout "stacked"); the default
generator stands where the run's own draws left it.  Each input is
compiled in 'single' mode, as the Python REPL compiles a line: statements
run, a bare expression's repr is printed.  A line that leaves a bracket
open takes the next lines.  Lines starting with '#' are comments.

torch.manual_seed(n) typed as a bare expression shows its generator object
in Python (<torch._C.Generator object at 0x...>); the contract prints
nothing for it, so that line of output is left out.

Errors: the first line of str(exception); for a NameError, the "Did you
mean" that Python's REPL adds (Python/suggestions.c, ported below).
Warnings are not recorded (the test drops attn-explain's "warning:" lines).
"""
import codeop
import io
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402  (re-executes python with the reference BLAS first)
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import math  # noqa: E402
import builtins  # noqa: E402


# ---- Python/suggestions.c (3.11), for NameError's "Did you mean" ----
MOVE_COST, CASE_COST, MAX_STRING_SIZE, MAX_CANDIDATES = 2, 1, 40, 750


def _subst(a, b):
    if (ord(a) & 31) != (ord(b) & 31):
        return MOVE_COST
    if a == b:
        return 0
    if a.lower() == b.lower():
        return CASE_COST
    return MOVE_COST


def _distance(a, b, max_cost):
    if a == b:
        return 0
    while a and b and a[0] == b[0]:
        a, b = a[1:], b[1:]
    while a and b and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    if not a or not b:
        return (len(a) + len(b)) * MOVE_COST
    if len(a) > MAX_STRING_SIZE or len(b) > MAX_STRING_SIZE:
        return max_cost + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * MOVE_COST > max_cost:
        return max_cost + 1
    row = [MOVE_COST * (i + 1) for i in range(len(a))]
    result = 0
    for bi, code in enumerate(b):
        distance = result = bi * MOVE_COST
        minimum = sys.maxsize
        for i in range(len(a)):
            substitute = distance + _subst(code, a[i])
            distance = row[i]
            insert_delete = min(result, distance) + MOVE_COST
            result = min(insert_delete, substitute)
            row[i] = result
            minimum = min(minimum, result)
        if minimum > max_cost:
            return max_cost + 1
    return result


def _closest(names, name):
    if len(names) >= MAX_CANDIDATES:
        return None
    best, best_d = None, sys.maxsize
    for item in names:
        if item == name:
            continue
        max_d = min((len(name) + len(item) + 3) * MOVE_COST // 6, best_d - 1)
        d = _distance(name, item, max_d)
        if d > max_d:
            continue
        if best is None or d < best_d:
            best, best_d = item, d
    return best


# Python's builtins that attn-explain's interpreter has: "did you mean" offers only names that are
# defined there (Python itself would also offer 'round', 'bin', 'next', ..., not defined in it)
INTERP_BUILTINS = ["Ellipsis", "False", "None", "True", "abs", "bool", "float", "int", "len", "print"]


def suggestion(ns, name):
    return _closest(list(ns), name) or _closest(INTERP_BUILTINS, name)


# ---- the run's namespace ----

def namespace(cfg):
    """Stages and weights as Python variables, in the order attn-explain lists them."""
    S, names, L = reference.run(cfg)
    reference.set_print_options(cfg)
    state = torch.get_rng_state()  # the modules below must not draw
    ns = {"torch": torch, "nn": nn, "F": F, "math": math}
    for n in names:
        ns[n] = S[n]
    proj = L["proj"]
    for name in reference.LAYERS:
        if name not in proj:
            continue
        kind, ws, bs = proj[name]
        if kind == "bare":
            w = ws[0] if len(ws) == 1 else torch.cat(ws, dim=1)
            # drawn matrices are the book's nn.Parameter(torch.rand(...), requires_grad=False)
            ns[name] = nn.Parameter(w.detach(), requires_grad=False) if L["mode"] == "init" else w
        else:
            w = ws[0] if len(ws) == 1 else torch.cat(ws, dim=0)
            b = None if bs is None else (bs[0] if len(bs) == 1 else torch.cat(bs, dim=0))
            lin = nn.Linear(w.shape[1], w.shape[0], bias=b is not None)
            lin.weight = nn.Parameter(w.detach().clone())
            if b is not None:
                lin.bias = nn.Parameter(b.detach().clone())
            ns[name] = lin
    if L["out_proj"] is not None:
        kind, w, b = L["out_proj"]
        if kind == "bare":
            ns["out_proj"] = w
        else:
            lin = nn.Linear(w.shape[1], w.shape[0], bias=b is not None)
            lin.weight = nn.Parameter(w.detach().clone())
            if b is not None:
                lin.bias = nn.Parameter(b.detach().clone())
            ns["out_proj"] = lin
    if cfg.get("head_layout") == "stacked" and L["mode"] != "simple":
        # heads[h].W_query: head h's own layers, as mha.heads[h].W_query in the book's wrapper;
        # heads[h] itself prints as the book's CausalAttention module (its layers, then its dropout)
        class CausalAttention(nn.Module):
            pass
        heads = []
        for h in range(L["H"]):
            hd = CausalAttention()
            for name in reference.LAYERS:
                kind, ws, bs = proj[name]
                if len(ws) > 1:
                    w = ws[h]
                    b = None if bs is None else bs[h]
                else:	# drawn or given whole: head h's columns (bare) or rows (linear)
                    k = L["hd"]
                    w = ws[0][:, h * k:(h + 1) * k] if kind == "bare" else ws[0][h * k:(h + 1) * k]
                    b = None if bs is None else bs[0][h * k:(h + 1) * k]
                if kind == "bare":
                    setattr(hd, name, nn.Parameter(w.detach().clone(), requires_grad=False)
                            if L["mode"] == "init" else w.clone())
                else:
                    lin = nn.Linear(w.shape[1], w.shape[0], bias=b is not None)
                    lin.weight = nn.Parameter(w.detach().clone())
                    if b is not None:
                        lin.bias = nn.Parameter(b.detach().clone())
                    setattr(hd, name, lin)
            hd.dropout = nn.Dropout(float(cfg.get("dropout", 0.0)))
            heads.append(hd)
        ns["heads"] = heads
    torch.set_rng_state(state)
    return ns


class Utf8Out:
    """Standard output as a UTF-8 terminal's: text that does not encode (a surrogate) raises
    UnicodeEncodeError at the write, as sys.stdout does, and nothing of that write is kept."""
    def __init__(self, out):
        self.out = out

    def write(self, text):
        text.encode("utf-8")
        return self.out.write(text)

    def flush(self):
        pass


def run_session(path, repl=False):
    """repl: write NAME.out as `attn-explain -i FILE < NAME.in` shows the session (tests/repl):
    each statement's output then a blank line (none for an assignment), an error's line then a blank
    line, and "status 0"; the banner is the REPL's own text, taken from FILE by banner()."""
    with open(path) as fh:
        lines = fh.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    first = lines[0]
    if not first.startswith("# input: "):
        sys.exit("%s: the first line must be '# input: FILE.json'" % path)
    with open(first[len("# input: "):]) as fh:
        cfg = json.load(fh)
    ns = namespace(cfg)
    out, err = io.StringIO(), io.StringIO()
    src = ""
    for line in lines[1:]:
        if not src and line.startswith("#"):
            continue
        src = line if not src else src + "\n" + line
        try:
            code = codeop.compile_command(src, "<stdin>", "single")
        except SyntaxError as e:
            err.write("SyntaxError: %s\n" % e.msg)
            src = ""
            continue
        if code is None:
            continue
        src = ""
        saved = sys.stdout
        mark = out.tell()
        sys.stdout = Utf8Out(out)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                exec(code, ns)
        except Exception as e:  # one line, as the REPL shows it
            msg = str(e).split("\n")[0]
            if isinstance(e, NameError) and getattr(e, "name", None):
                s = suggestion(ns, e.name)
                if s:
                    msg += ". Did you mean: '%s'?" % s
            err.write(msg + "\n")
            if repl:
                out.write(msg + "\n")
        finally:
            sys.stdout = saved
        if repl:
            text = out.getvalue()[mark:]
            text = "".join(l for l in text.splitlines(True) if not l.startswith("<torch._C.Generator object at 0x"))
            out.seek(mark)
            out.truncate()
            if text:
                out.write(text + "\n")
    if src:
        err.write("incomplete input at the end\n")
    base = path[:-3]
    if repl:
        with open(base + ".out", "w") as fh:
            fh.write(banner(first[len("# input: "):]) + out.getvalue() + "status 0\n")
        return
    text = "".join(l for l in out.getvalue().splitlines(True)
                   if not l.startswith("<torch._C.Generator object at 0x"))
    with open(base + ".out", "w") as fh:
        fh.write(text)
    with open(base + ".err", "w") as fh:
        fh.write(err.getvalue())


def banner(path):
    """The REPL's first paragraph and its blank line: its own text, not a computation."""
    import subprocess
    txt = subprocess.run(["./attn-explain", "-i", path], input=b"", capture_output=True).stdout.decode()
    return txt[:txt.index("\n\n") + 2]


if __name__ == "__main__":
    repl = "--repl" in sys.argv
    for p in sys.argv[1:]:
        if p != "--repl":
            run_session(p, repl)
