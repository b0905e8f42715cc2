"""run_notebook.py NB [--plot] - an emitted notebook is valid nbformat, and executing it
top to bottom with a Python 3 kernel reproduces every stored output exactly.
--plot: also the heat map cell (the one that calls plt.imshow or ax.imshow) is
there, right after the cell that computes attn_weights, ran without error and
showed an image/png; exit 2 when matplotlib is not installed (the caller skips).
The executed notebook is written beside NB as NAME-ran.ipynb."""
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
nbformat.write(ran, sys.argv[1][:-len(".ipynb")] + "-ran.ipynb")  # executed, images and all: for check mode
if "--plot" in sys.argv[2:]:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("matplotlib is not installed")
        sys.exit(2)
    code = [c for c in ran.cells if c.cell_type == "code"]
    plots = [i for i, c in enumerate(code) if "imshow(" in c.source]
    if len(plots) != 1:
        print("%d heat map cells, want 1" % len(plots))
        sys.exit(1)
    i = plots[0]
    if i == 0 or not code[i - 1].source.startswith("attn_weights = "):
        print("the heat map cell does not follow attn_weights' cell")
        sys.exit(1)
    kinds = [o.output_type for o in code[i].outputs]
    pngs = [o for o in code[i].outputs if o.output_type == "display_data" and "image/png" in o.get("data", {})]
    if "error" in kinds or len(pngs) != 1:
        print("the heat map cell: outputs %r, %d image/png" % (kinds, len(pngs)))
        sys.exit(1)
    import base64
    png = base64.b64decode(pngs[0]["data"]["image/png"])
    if png[:8] != b"\x89PNG\r\n\x1a\n" or len(png) < 1000:
        print("the heat map cell's image is not a PNG (%d bytes)" % len(png))
        sys.exit(1)
if got != stored:
    for i, (a, b) in enumerate(zip(stored, got)):
        if a != b:
            print("code cell %d: stored %r, ran %r" % (i, a[:300], b[:300]))
            break
    sys.exit(1)
print("%d code cells reproduced" % len(got))
