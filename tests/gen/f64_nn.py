#!/usr/bin/python3
"""f64_nn.py - random scripts of float64 modules, pow and norms for tests/run (issue 23, round 6).

Writes tests/run/f64-nn-NNN.py (NNN from 000): each seeds torch and
builds float64 modules and inputs, printing each result as PyTorch prints
it and as .tolist() (Python's repr shows every float64 digit, so a
last-bit difference shows): nn.Linear(..., dtype=torch.float64) (its
init draws), nn.Linear(...).double() and a user nn.Module / nn.Sequential
made .double() (parameters converted in place), the Linear applied to
1-d, 2-d, 3-d (contiguous or not) and 4-d inputs, F.linear with and
without a bias, a bias of the other float dtype on the matmul path;
nn.Dropout / F.dropout on float64 in training mode (the same bernoulli_
draws as float32, the mask in double), p 0 and 1 included.

And tests/run/f64-math-NNN.py: ** with any exponent (SLEEF's powd4 where
PyTorch's vector loop computes, std::pow in its tails and on strided
views), tensor ** tensor, number ** tensor; x.norm / torch.norm /
torch.linalg.vector_norm / linalg.norm / linalg.matrix_norm (ord +-1,
+-inf, 'fro') of float64; masks (x[mask], x[mask] = v), item assignment
(numbers exactly, float32 into float64 and back), allclose, einsum.  And tests/run/f64-nn-err-NNN.py, one dtype
error each (ERRORS below); tests/run/f64-nn-param.py (PARAM).
Then run tests/gen/run_cases.py on them for the goldens (real PyTorch).
Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/f64_nn.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/f64-nn-*.py tests/run/f64-math-*.py
"""
import os

import scriptgen


def show(r, expr):
    if r.random() < 0.5:
        return ["print(%s)" % expr, "print((%s).tolist())" % expr]
    return ["print((%s).tolist())" % expr]


def dims(sh):
    return ", ".join(map(str, sh))


def data(r, name, sh):
    k = r.randrange(3)
    if k == 0:
        return "%s = torch.randn(%s, dtype=torch.float64)" % (name, dims(sh))
    if k == 1:
        return "%s = torch.rand(%s).double() * 4 - 2" % (name, dims(sh))
    return "%s = (torch.randn(%s) * 10).to(torch.float64)" % (name, dims(sh))


def module(r, lines, fin, fout):
    bias = r.random() < 0.8
    k = r.randrange(4)
    b = "" if bias else ", bias=False"
    if k == 0:
        lines.append("lin = nn.Linear(%d, %d%s, dtype=torch.float64)" % (fin, fout, b))
    elif k == 1:
        lines.append("lin = nn.Linear(%d, %d%s).double()" % (fin, fout, b))
    elif k == 2:
        lines.append("lin = nn.Linear(%d, %d%s)" % (fin, fout, b))
        lines.append("w = lin.weight")
        lines.append("lin.double()")
        lines.append("print(w.dtype, w.requires_grad, w.tolist() == lin.weight.tolist())")
    else:
        lines.append("lin = nn.Sequential(nn.Linear(%d, %d%s), nn.Dropout(0.0)).double()" % (fin, fout, b))
    lines.append("print(lin)")
    if r.random() < 0.5:
        lines.append("print(%s.weight)" % ("lin[0]" if k == 3 else "lin"))
    lines.append("print([p.dtype for p in lin.parameters()])")
    return bias


def inputs(r, fin):
    n = r.choice([1, 2, 3, 5, 8])
    return r.choice([[fin], [n, fin], [2, n, fin], [n, 2, fin], [2, 2, n, fin]])


def linear_part(r, lines):
    fin, fout = r.choice([1, 2, 3, 4, 6, 8, 16, 17, 33]), r.choice([1, 2, 3, 4, 5, 8, 16])
    module(r, lines, fin, fout)
    for _ in range(r.randrange(1, 4)):
        sh = inputs(r, fin)
        lines.append(data(r, "x", sh))
        e = "lin(x)"
        if len(sh) == 3 and r.random() < 0.3:
            lines.append(data(r, "x", [sh[1], sh[0], fin]))
            e = "lin(x.transpose(0, 1))"
        lines.extend(show(r, e))
    lines.append(data(r, "x", inputs(r, fin)))
    lines.append(data(r, "w2", [fout, fin]))
    lines.append(data(r, "b2", [fout]))
    e = r.choice(["F.linear(x, w2, b2)", "F.linear(x, w2)", "F.linear(x, w2, bias=b2)", "F.linear(x, w2, None)"])
    lines.extend(show(r, e))
    if r.random() < 0.3:
        lines.append("x1 = torch.randn(%d, dtype=torch.float64)" % fin)
        lines.extend(show(r, "F.linear(x1, w2, b2.float())"))
        lines.extend(show(r, "F.linear(x1.float(), w2.float(), b2)"))


# the book's SelfAttention_v2 with dropout, made float64 by .double()
ATTN = [
    "class SelfAttention(nn.Module):",
    "    def __init__(self, d_in, d_out, qkv_bias=False):",
    "        super().__init__()",
    "        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)",
    "        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)",
    "        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)",
    "        self.dropout = nn.Dropout(%s)",
    "    def forward(self, x):",
    "        keys = self.W_key(x)",
    "        queries = self.W_query(x)",
    "        values = self.W_value(x)",
    "        attn_scores = queries @ keys.transpose(-2, -1)",
    "        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)",
    "        attn_weights = self.dropout(attn_weights)",
    "        return attn_weights @ values",
]


def attn_part(r, lines):
    p = r.choice(["0.0", "0.5", "0.1"])
    lines.extend(ATTN[:6] + [ATTN[6] % p] + ATTN[7:])
    d_in, d_out = r.choice([3, 4, 6]), r.choice([2, 3, 4])
    lines.append("sa = SelfAttention(%d, %d, qkv_bias=%s).double()" % (d_in, d_out, r.choice(["True", "False"])))
    lines.append(data(r, "x", [r.choice([2, 5, 6]), d_in]))
    lines.extend(show(r, "sa(x)"))
    lines.append("sa.eval()")
    lines.extend(show(r, "sa(x)"))


def dropout_part(r, lines):
    sh = r.choice([[6], [6, 6], [2, 3, 4], [17], [5, 33]])
    lines.append(data(r, "x", sh))
    p = r.choice(["0.5", "0.1", "0.25", "0.0", "1.0", "0.3333"])
    e = r.choice(["nn.Dropout(%s)(x)", "F.dropout(x, %s)", "F.dropout(x, p=%s, training=True)",
                  "nn.Dropout(%s)(torch.ones(" + dims(sh) + ", dtype=torch.float64))"])
    lines.extend(show(r, e % p))
    if r.random() < 0.3:
        lines.extend(show(r, "F.dropout(x.float(), %s)" % p))


def script(r):
    lines = ["import torch", "import torch.nn as nn", "import torch.nn.functional as F",
             "torch.manual_seed(%d)" % r.randrange(1000)]
    for _ in range(r.randrange(2, 5)):
        k = r.randrange(6)
        if k <= 2:
            linear_part(r, lines)
        elif k == 3:
            attn_part(r, lines)
        else:
            dropout_part(r, lines)
    return "\n".join(lines) + "\n"


def pow_part(r, lines):
    n = r.choice([1, 3, 7, 8, 9, 15, 16, 17, 33, 100])
    sh = r.choice([[n], [2, n], [n, 3]])
    lines.append("x = torch.rand(%s, dtype=torch.float64) * %s" % (dims(sh), r.choice(["3", "100", "1e-3", "1"])))
    lines.append(data(r, "y", sh))
    e = r.choice(["x ** %s" % r.choice(["1.7", "-0.3", "2.5", "4", "-3", "0.25", "1e-3", "7.000001", "0.1"]),
                  "torch.pow(x, %s)" % r.choice(["1.5", "-1.25", "3.3"]), "x ** y", "torch.pow(x, y)", "2 ** y",
                  "y ** 4", "y ** 3.5", "x.t() ** 1.3" if len(sh) == 2 else "x[::2] ** 1.3",
                  "x ** torch.tensor(1.5, dtype=torch.float64)"])
    lines.extend(show(r, e))


def norm_part(r, lines):
    sh = r.choice([[5], [17], [100], [3, 5], [4, 7], [2, 3, 9], [6, 6]])
    lines.append(data(r, "x", sh))
    nd = len(sh)
    e = r.choice(["x.norm()", "torch.norm(x)", "x.norm(%s)" % r.choice(["1", "3", "0.5", "float('inf')", "-1", "0",
                  "0.3", "2"]), "x.norm(dim=%d)" % r.randrange(-nd, nd),
                  "torch.linalg.vector_norm(x, %s, dim=%d, keepdim=True)" % (r.choice(["2", "1.5", "1"]), r.randrange(nd)),
                  "torch.linalg.norm(x)", "x.norm(p=2, dim=-1, keepdim=True)"])
    if nd >= 2 and r.random() < 0.4:
        e = r.choice(["torch.linalg.matrix_norm(x, %s)" % r.choice(["1", "-1", "float('inf')", "-float('inf')", "'fro'"]),
                      "torch.norm(x, p='fro', dim=(0, 1))", "torch.linalg.norm(x, %s)" % r.choice(["1", "'fro'"])])
    lines.extend(show(r, e))
    if r.random() < 0.3:
        lines.append("x = x / x.norm(dim=-1, keepdim=True)")
        lines.extend(show(r, "x"))


def index_part(r, lines):
    sh = r.choice([[6], [4, 5], [2, 3, 4]])
    lines.append(data(r, "x", sh))
    lines.append("y = x.clone()")
    k = r.randrange(6)
    if k == 0:
        lines.extend(show(r, "x[x > %s]" % r.choice(["0", "0.5", "-1"])))
    elif k == 1:
        lines.append("y[y < 0] = %s" % r.choice(["0.1", "torch.tensor(2.5, dtype=torch.float64)", "-7", "1e-300"]))
    elif k == 2:
        lines.append("y[0] = %s" % r.choice(["0.1", "torch.tensor(0.1)", "3"]))
        lines.append("y[..., -1] = torch.arange(%d, dtype=torch.float64).reshape(%s)" % (
            eval("*".join(map(str, sh[:-1] or [1]))), dims(sh[:-1] or [1])))
    elif k == 3:
        lines.append("z = torch.zeros(%s)" % dims(sh))
        lines.append("z[0] = x[0]")
        lines.extend(show(r, "z"))
    elif k == 4:
        lines.append("print(torch.allclose(x, x + %s), x.allclose(x * (1 + 1e-6)), torch.allclose(x, x, atol=0.0, rtol=0.0))"
                     % r.choice(["1e-9", "1e-7", "1e-3"]))
    else:
        e = {1: "torch.einsum('i,i->', x, x)", 2: "torch.einsum('ij,kj->ik', x, x)",
             3: "torch.einsum('bij,bkj->bik', x, x)"}[len(sh)]
        lines.extend(show(r, e))
    lines.extend(show(r, "y"))


def math_script(r):
    lines = ["import torch", "torch.manual_seed(%d)" % r.randrange(1000)]
    for _ in range(r.randrange(3, 7)):
        r.choice([pow_part, norm_part, index_part])(r, lines)
    return "\n".join(lines) + "\n"


# the dtype errors, one a script: each line before the last prints, the last raises PyTorch's message
ERRORS = [
    "lin = nn.Linear(3, 2)\nx = torch.ones(4, 3, dtype=torch.float64)\nlin(x)",
    "lin = nn.Linear(3, 2)\nx = torch.ones(3, dtype=torch.float64)\nlin(x)",
    "lin = nn.Linear(3, 2, dtype=torch.float64)\nx = torch.ones(2, 4, 3)\nlin(x)",
    "lin = nn.Linear(3, 2, dtype=torch.float64)\nx = torch.ones(2, 2, 4, 3)\nlin(x)",
    "lin = nn.Linear(3, 2, bias=False).double()\nlin(torch.ones(4, 3))",
    "w = torch.ones(2, 3)\nF.linear(torch.ones(4, 3), w, torch.ones(2, dtype=torch.float64))",
    "w = torch.ones(2, 3, dtype=torch.float64)\nF.linear(torch.ones(4, 3, dtype=torch.float64), w, torch.ones(2))",
    "w = torch.ones(2, 3, dtype=torch.float64)\nprint(F.linear(torch.ones(3, dtype=torch.float64), w, torch.ones(2)))\n"
    "F.linear(torch.ones(4, 3), w, torch.ones(2))",
    "lin = nn.Linear(3, 2, dtype=torch.float64)\nprint(lin)\nlin(torch.ones(4, 5, dtype=torch.float64))",
    "nn.Linear(3, 2, dtype=torch.int64)",
    "x = torch.ones(2, 2, dtype=torch.float64)\nprint(F.dropout(x, 0.0))\nF.dropout(x, 1.5)",
]


# a user module with a float64 nn.Parameter and a buffer, through .float() and .double()
PARAM = 'import torch\nimport torch.nn as nn\ntorch.manual_seed(2)\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = nn.Parameter(torch.randn(3, 2, dtype=torch.float64))\n        self.register_buffer("mask", torch.ones(3))\n    def forward(self, x):\n        return x @ self.w\nm = M()\nprint(m.w)\nx = torch.randn(4, 3, dtype=torch.float64)\nprint(m(x).tolist())\nm.float()\nprint(m.w.dtype, m.mask.dtype)\nm.double()\nprint(m.w.dtype, m.mask.dtype, m.w)\nprint([n for n, p in m.named_parameters()])\n'


def errors():
    for i, body in enumerate(ERRORS):
        with open(os.path.join(scriptgen.RUN, "f64-nn-err-%03d.py" % i), "w") as f:
            f.write("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n" + body + "\n")
    with open(os.path.join(scriptgen.RUN, "f64-nn-param.py"), "w") as f:
        f.write(PARAM)


if __name__ == "__main__":
    scriptgen.write_all("f64-nn", script, 30, 623)
    scriptgen.write_all("f64-math", math_script, 30, 624)
    errors()
