#!/usr/bin/python3
"""run_cases.py - expected outputs of tests/run/*.py from real Python + PyTorch 1.13.

For each script NAME.py (or the ones named): runs `/usr/bin/python3 NAME.py`
in tests/run and writes NAME.out (its stdout) and NAME.err: on an error, the
line `attn-explain: tests/run/NAME.py: line N: TYPE: MESSAGE` built from
Python's traceback (N the innermost line of the script; TYPE and MESSAGE
its last line), then `status 1`; else `status 0`.  Scripts that seed
nothing must not print random numbers (attn-explain --run takes --seed 0).
PyTorch runs on the reference BLAS (LD_LIBRARY_PATH, as check_cases.py:
the system's libblas alternative may be OpenBLAS, whose last bits differ).
"""
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "..", "run")
REF_BLAS = "/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack"


def one(path):
    name = os.path.basename(path)
    env = dict(os.environ, LD_LIBRARY_PATH=REF_BLAS, OMP_NUM_THREADS="1")  # one thread, as tests/run.sh runs attn-explain
    p = subprocess.run(["/usr/bin/python3", name], cwd=RUN, capture_output=True, text=True, env=env)
    base = path[:-3]
    with open(base + ".out", "w") as f:
        f.write(p.stdout)
    err = ""
    if p.returncode != 0:
        lines = p.stderr.rstrip("\n").split("\n")
        line = 0
        for ln in lines:
            m = re.match(r'\s*File "([^"]*)", line (\d+)', ln)
            if m and os.path.basename(m.group(1)) == name:
                line = int(m.group(2))
        last = lines[-1]
        err = "attn-explain: tests/run/%s: line %d: %s\n" % (name, line, last)
    with open(base + ".err", "w") as f:
        f.write(err + "status %d\n" % (1 if p.returncode else 0))
    return p


def main():
    paths = sys.argv[1:] or sorted(glob.glob(os.path.join(RUN, "*.py")))
    for p in paths:
        one(p)


if __name__ == "__main__":
    main()
