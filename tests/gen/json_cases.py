#!/usr/bin/python3
"""json_cases.py - the expected `attn-explain --json FILE` of a few inputs.

The text that is the tool's own design (keys, settings, expressions) is taken
from attn-explain; every number (each stage's and each weight's shape and
data) is replaced by what PyTorch computes (tests/gen/reference.py's
pipeline), written as the shortest decimal that reads back to the float32.
Writes tests/cli/json-NAME.cmd and .out.  Run from the project root after make.
"""
import json
import os
import struct
import subprocess
import sys

_REF_BLAS = '/usr/lib/x86_64-linux-gnu/blas'
if os.path.isdir(_REF_BLAS) and not os.environ.get('LD_LIBRARY_PATH', '').startswith(_REF_BLAS):
    os.environ['LD_LIBRARY_PATH'] = _REF_BLAS + (':' + os.environ['LD_LIBRARY_PATH'] if os.environ.get('LD_LIBRARY_PATH') else '')
    os.execv(sys.executable, [sys.executable] + sys.argv)

sys.path.insert(0, os.path.dirname(__file__))
import reference  # noqa: E402
import torch  # noqa: E402


def shortest(f):
    if f != f:
        return '"nan"'
    if f in (float('inf'), float('-inf')):
        return '"inf"' if f > 0 else '"-inf"'
    for p in range(1, 10):
        s = '%.*g' % (p, f)
        if struct.unpack('f', struct.pack('f', float(s)))[0] == f:
            return s
    return '%.9g' % f


def data(t):
    return '"shape": [%s], "data": [%s]' % (", ".join(str(d) for d in t.shape),
                                             ", ".join(shortest(x) for x in t.detach().reshape(-1).tolist()))


def main():
    for name, path in (("weights", "data/book-linear-789.json"), ("bias-stacked", "tests/golden/dropout-0.5-seeded-linear-bias-stacked.json"), ("outproj", "data/book-mha-123.json")):
        if not os.path.exists(path):
            continue
        tool = json.loads(subprocess.run(["./attn-explain", "--json", path], check=True, capture_output=True).stdout)
        with open(path) as fh:
            env, _, leaves = reference.run(json.load(fh))
        lines = ['{', '  "file": %s,' % json.dumps(tool["file"]),
                 '  "tokens": %s,' % ("null" if tool["tokens"] is None else "[" + ", ".join(json.dumps(t, ensure_ascii=False) for t in tool["tokens"]) + "]"),
                 '  "settings": %s,' % json.dumps(tool["settings"], separators=(",", ":")), '  "stages": [']
        stages = [s for s in reference.STAGES if s in env]
        lines.append(",\n".join('    {"name": "%s", "expression": %s, %s}' % (s, json.dumps(e["expression"]), data(env[s]))
                                for s, e in zip(stages, tool["stages"])))
        lines.append('  ],')
        ws = []
        for w in tool["weights"]:
            layer, _, attr = w["name"].partition(".")
            if layer == "out_proj":
                kind, wt, b = leaves["out_proj"]
            else:
                kind, per_w, bs = leaves["proj"][layer]
                wt = torch.cat(per_w, dim=0 if kind == "linear" else 1)
                b = torch.cat(bs) if bs is not None else None
            t = b if attr == "bias" else wt
            ws.append('    {"name": "%s", %s}' % (w["name"], data(t)))
        lines.append('  "weights": [' + ("\n" + ",\n".join(ws) + "\n  ]" if ws else "]"))
        lines.append('}')
        with open("tests/cli/json-%s.cmd" % name, "w") as f:
            f.write("# every stage and weight, numbers from PyTorch (tests/gen/json_cases.py)\n$BIN --json %s\n" % path)
        with open("tests/cli/json-%s.out" % name, "w") as f:
            f.write("\n".join(lines) + "\n")
        with open("tests/cli/json-%s.err" % name, "w") as f:
            f.write("status 0\n")


main()
