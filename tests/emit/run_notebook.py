"""run_notebook.py NB - an emitted notebook is valid nbformat, and executing it
top to bottom with a Python 3 kernel reproduces every stored output exactly."""
import copy
import sys

import nbformat
from nbclient import NotebookClient

nb = nbformat.read(sys.argv[1], as_version=4)
nbformat.validate(nb)


def outputs(book):
    """Each code cell's standard output, whole: the kernel may send one print in several stream messages."""
    return ["".join("".join(o.get("text", "")) for o in c.outputs if o.get("name") == "stdout")
            for c in book.cells if c.cell_type == "code"]


stored = outputs(nb)
ran = copy.deepcopy(nb)
for c in ran.cells:
    if c.cell_type == "code":
        c.outputs = []
NotebookClient(ran, timeout=120, kernel_name="python3").execute()
got = outputs(ran)
if got != stored:
    for i, (a, b) in enumerate(zip(stored, got)):
        if a != b:
            print("code cell %d: stored %r, ran %r" % (i, a[:300], b[:300]))
            break
    sys.exit(1)
print("%d code cells reproduced" % len(got))
