#!/usr/bin/python3
"""nb_script.py NOTEBOOK.ipynb OUT.py - make bench: a notebook's code cells, in order, as one
script (each cell's last expression, unless a print(...), printed with print(repr(...)), so that
python3 does the same work `attn-explain --run NOTEBOOK.ipynb` does), for timing the two whole
processes against each other."""
import ast
import json
import sys


def main():
    nb = json.load(open(sys.argv[1]))
    out = []
    for c in nb["cells"]:
        if c.get("cell_type") != "code":
            continue
        src = "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        try:
            tree = ast.parse(src)
        except SyntaxError:
            out.append(src)
            continue
        lines = src.split("\n")
        e = tree.body[-1] if tree.body else None
        if isinstance(e, ast.Expr) and not (isinstance(e.value, ast.Call) and isinstance(e.value.func, ast.Name)
                                            and e.value.func.id == "print"):
            head = lines[:e.lineno - 1]
            expr = "\n".join(lines[e.lineno - 1:e.end_lineno])
            src = "\n".join(head) + "\nprint(repr(" + expr.strip() + "))\n"
        out.append(src)
    open(sys.argv[2], "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
