#!/usr/bin/python3
"""nb_cases.py - expected outputs of tests/nb/*.ipynb from real Jupyter + PyTorch 1.13.

Each notebook NAME.ipynb is executed by nbclient (a Python 3 kernel of
/usr/bin/python3, the reference BLAS) after a hidden first cell
`import torch, math; import torch.nn as nn; import torch.nn.functional as F;
torch.manual_seed(0)` (attn-explain --run predefines those names and the
test passes --seed 0), and its outputs written in --run's notebook format
(doc/expressions-v3.md, "Running a notebook"):

    In [N]:            N counts the non-empty code cells
    stdout stream text
    Out[N]: VALUE      text/plain of execute_result; "Out[N]:\\nVALUE" when it has several lines
    (blank line)

to NAME.out, and to NAME.err `status 0`, or on a cell's error the line
`attn-explain: tests/nb/NAME.ipynb: In [N], line L: TYPE: MESSAGE` then
`status 1` (the cells after it are not run, as nbclient stops).

    nb_cases.py [NAME.ipynb ...]     every tests/nb/*.ipynb, or those
    nb_cases.py --seeds DIR          first write tests/nb/seeds/seed-NNN.ipynb from
                                     the seed transcripts DIR/NNN_*.txt (their code cells)
    nb_cases.py --print NAME.ipynb   the expected text to stdout, nothing written
                                     (tests/nb/run.sh compares it with NAME.out)
"""
import ast
import copy
import glob
import os
import re
import sys

import nbformat
from nbclient import NotebookClient

HERE = os.path.dirname(os.path.abspath(__file__))
NB = os.path.normpath(os.path.join(HERE, "..", "nb"))
PRELUDE = ("import torch, math\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
           "torch.manual_seed(0)\n")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def text(v):
    return "".join(v) if isinstance(v, list) else (v or "")


def error_line(tb):
    line = 0
    for t in tb:
        t = ANSI.sub("", t)
        if t.startswith("File "):  # a frame of a module's file (torch's), not of the cell
            continue
        for m in re.finditer(r"(?:<cell line: (\d+)>|Cell In\[\d+\], line (\d+)|^-*> ?(\d+) )", t, re.M):
            line = int(m.group(1) or m.group(2) or m.group(3))
            break
    return line


def expected(path):
    nb = nbformat.read(path, as_version=4)
    ran = copy.deepcopy(nb)
    ran.cells.insert(0, nbformat.v4.new_code_cell(PRELUDE))
    for c in ran.cells:
        if c.cell_type == "code":
            c.outputs = []
    os.environ["LD_LIBRARY_PATH"] = "/usr/lib/x86_64-linux-gnu/blas"
    NotebookClient(ran, timeout=600, kernel_name="python3", allow_errors=True).execute()
    out, err, k = [], "", 0
    rel = os.path.relpath(path, os.path.join(HERE, "..", ".."))
    for c in ran.cells[1:]:
        if c.cell_type != "code" or not c.source.strip():
            continue
        k += 1
        out.append("In [%d]:\n" % k)
        failed = None
        for o in c.outputs:
            if o.output_type == "stream" and o.name == "stdout":
                out.append(text(o.text))
            elif o.output_type == "execute_result":
                v = text(o.data.get("text/plain", ""))
                out.append("Out[%d]:%s%s\n" % (k, "\n" if "\n" in v else " ", v))
            elif o.output_type == "error":
                failed = o
        if failed is not None:
            err = "attn-explain: %s: In [%d], line %d: %s: %s\n" % (
                rel, k, error_line(failed.traceback), failed.ename, failed.evalue)
            break
        out.append("\n")
    return "".join(out), err + "status %d\n" % (1 if err else 0)


OUTPUT = re.compile(r"(tensor\(|torch\.Size|Parameter containing|[\[\(\d-]|True|False|None|<|[A-Za-z_][\w. ]*: )")


def parses(src):
    try:
        ast.parse(src)
        return True
    except SyntaxError:
        return False


def split_block(block):
    """A transcript's cell: (source, outputs), split at the first blank line after which the rest
    starts as printed output does; else the whole block when it parses; else at the last blank
    line before which it parses and after which it does not (a markdown cell's text)."""
    lines = block.split("\n")
    cuts = [i for i, ln in enumerate(lines) if not ln.strip()]
    for i in cuts:
        src, rest = "\n".join(lines[:i]), "\n".join(lines[i:]).strip()
        if rest and OUTPUT.match(rest) and parses(src):
            return src.strip("\n"), rest
    if parses(block):
        return block.strip("\n"), ""
    for i in reversed(cuts):
        src, rest = "\n".join(lines[:i]), "\n".join(lines[i:]).strip()
        if parses(src) and not parses(rest):
            return src.strip("\n"), rest
    return block.strip("\n"), ""


def seeds(d):
    for f in sorted(glob.glob(os.path.join(d, "*_*.txt"))):
        body = open(f).read()
        parts = re.split(r"^In \[\s*\d*\]:\n", body, flags=re.M)
        cells = [nbformat.v4.new_code_cell(split_block(p)[0]) for p in parts[1:]]
        nb = nbformat.v4.new_notebook(cells=cells)
        name = os.path.join(NB, "seeds", "seed-%s.ipynb" % os.path.basename(f)[:3])
        nbformat.write(nb, name)
        yield name


def main():
    args = sys.argv[1:]
    if args[:1] == ["--print"]:
        o, e = expected(args[1])
        sys.stdout.write(o)
        sys.stdout.write("#---err\n" + e)
        return
    paths = list(seeds(args[1])) if args[:1] == ["--seeds"] else args or sorted(glob.glob(os.path.join(NB, "*.ipynb")))
    for p in paths:
        o, e = expected(p)
        base = p[:-len(".ipynb")]
        with open(base + ".out", "w") as f:
            f.write(o)
        with open(base + ".err", "w") as f:
            f.write(e)
        print(base, e.strip().split("\n")[0])


if __name__ == "__main__":
    main()
