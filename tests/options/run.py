#!/usr/bin/env python3
"""run.py - every setting of the input file is also a long option (issue 25):
for each setting and several values, attn-explain with --OPTION VALUE on a
file gives the same bytes (stdout, stderr, exit status) as the same file with
the setting written in, for the whole run with --all and for --json.  Every
file setting --help lists must have a case here.  Prints ok / not ok lines.
Usage: run.py BIN"""
import json, os, re, shutil, subprocess, sys, tempfile

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "./attn-explain")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data")
DELETE = object()	# the file says none by leaving the key out
PRINT = {"precision", "linewidth", "sci_mode", "threshold", "edgeitems"}

# (JSON key, base file, [(option text, JSON value), ...])
CASES = [
    ("heads", "book-rand-123.json", [("1", 1), ("2", 2)]),
    ("causal", "book-rand-123.json", [("true", True), ("false", False)]),
    ("causal", "book-causal-dropout.json", [("false", False)]),
    ("dropout", "book-causal-dropout.json", [("0", 0), ("0.1", 0.1), ("0.0", 0.0), ("1", 1)]),
    ("dropout_seed", "book-causal-dropout.json", [("7", 7), ("123", 123), ("none", DELETE)]),
    ("dropout_rng", "book-causal-dropout.json", [("default", "default"), ("mkl", "mkl")]),
    ("seed", "book-rand-123.json", [("0", 0), ("789", 789), ("18446744073709551615", 18446744073709551615)]),
    ("scale", "book-rand-123.json", [("0.5", 0.5), ("2", 2), ("none", None)]),
    ("head_layout", "book-mha-123.json", [("split", "split"), ("stacked", "stacked")]),
    ("init", "book-rand-123.json", [("rand", "rand"), ("randn", "randn"), ("linear", "linear")]),
    ("d_out", "book-rand-123.json", [("1", 1), ("3", 3), ("4", 4)]),
    ("qkv_bias", "book-causal-dropout.json", [("true", True), ("false", False)]),
    ("out_proj", "book-causal-dropout.json", [("true", True), ("false", False)]),
    ("out_proj", "book-mha-123.json", [("false", False)]),
    ("precision", "book-rand-123.json", [("2", 2), ("6", 6), ("0", 0)]),
    ("linewidth", "book-mha-123.json", [("40", 40), ("120", 120)]),
    ("sci_mode", "book-rand-123.json", [("true", True), ("false", False), ("none", None)]),
    ("threshold", "book-mha-123.json", [("5", 5), ("inf", "inf")]),
    ("edgeitems", "book-mha-123.json", [("1", 1), ("2", 2)]),
]

n_ok = n_bad = 0


def say(good, what):
    global n_ok, n_bad
    print(("ok " if good else "not ok ") + what)
    if good:
        n_ok += 1
    else:
        n_bad += 1


def run(cwd, args):
    p = subprocess.run([BIN] + args + ["x.json"], cwd=cwd, capture_output=True)
    return p.returncode, p.stdout, p.stderr


tmp = tempfile.mkdtemp()
try:
    helptext = subprocess.run([BIN, "--help"], capture_output=True, text=True).stdout
    listed = set(re.findall(r"^\s+(?:-\w, )?--([a-z0-9-]+)", helptext, re.M))
    keys = {c[0] for c in CASES}
    file_keys = set()
    for base in {c[1] for c in CASES}:
        file_keys |= set(json.load(open(os.path.join(DATA, base))))
    for k in sorted(keys):
        say(k.replace("_", "-") in listed, "option --%s in --help" % k.replace("_", "-"))
    # every option that names a file setting has its cases here
    known = {"heads", "causal", "dropout", "dropout-seed", "dropout-rng", "seed", "scale", "head-layout", "init",
             "d-out", "qkv-bias", "out-proj", "precision", "linewidth", "sci-mode", "threshold", "edgeitems"}
    say(known <= listed, "every file setting has an option: missing %s" % sorted(known - listed))
    for key, base, values in CASES:
        src = json.load(open(os.path.join(DATA, base)))
        for text, val in values:
            a, b = os.path.join(tmp, "opt"), os.path.join(tmp, "file")
            for d in (a, b):
                shutil.rmtree(d, ignore_errors=True)
                os.makedirs(d)
            json.dump(src, open(os.path.join(a, "x.json"), "w"))
            doc = json.loads(json.dumps(src))
            if val is DELETE:
                del doc[key]
            elif key in PRINT:
                doc.setdefault("print_options", {})[key] = val
            else:
                doc[key] = val
            json.dump(doc, open(os.path.join(b, "x.json"), "w"))
            opt = "--" + key.replace("_", "-")
            for extra in (["--all"], ["--json"]):
                got = run(a, extra + [opt, text])
                want = run(b, extra)
                what = "%s %s on %s%s (exit %d)" % (opt, text, base, " " + extra[0], want[0])
                if got == want:
                    say(True, what)
                else:
                    say(False, what + ": differs from the file's \"%s\": %r; option gave exit %d, %r" %
                        (key, val, got[0], (got[1] + got[2])[:300]))
finally:
    shutil.rmtree(tmp)
print("options: %d passed, %d failed" % (n_ok, n_bad))
