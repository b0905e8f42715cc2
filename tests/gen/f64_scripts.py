#!/usr/bin/python3
"""f64_scripts.py - scripts of float64 tensors for tests/run.

Writes tests/run/f64-rand-NNN.py (NNN from 000): each seeds torch and makes
float64 tensors the ways contract v3 allows (.double(), .to(torch.float64),
.to(dtype=torch.float64), torch.tensor(..., dtype=torch.float64 or
torch.double), zeros/ones with dtype=), from float32 draws and from Python
floats of every magnitude (1e-12 to 1e15, negative zeros, whole numbers,
inf and nan), then prints them (dtype=torch.float64 suffix, the formatter's
choices in double), views of them, .tolist(), .item(), .dtype and
.float()/.long() back.  Then run tests/gen/run_cases.py on them for the
goldens (real PyTorch).  Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/f64_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/f64-*.py
"""
import scriptgen


def number(r):
    k = r.randrange(10)
    if k == 0:
        return r.choice(["float('inf')", "float('-inf')", "float('nan')", "-0.0", "0.0"])
    if k <= 2:
        return repr(float(r.randrange(-1000, 1000)))
    return repr(r.uniform(-1, 1) * 10.0 ** r.randrange(-12, 16))


def make(r, lines):
    kind = r.randrange(6)
    shape = [r.randrange(1, 6) for _ in range(r.randrange(1, 4))]
    dims = ", ".join(map(str, shape))
    scale = r.choice(["", " * 1000", " * 1e-6", " * 1e9"])
    if kind == 0:
        lines.append("x = (torch.randn(%s)%s).double()" % (dims, scale))
    elif kind == 1:
        lines.append("x = (torch.rand(%s)%s).to(torch.float64)" % (dims, scale))
    elif kind == 2:
        lines.append("x = torch.randn(%s).to(dtype=torch.float64)" % dims)
    elif kind == 3:
        n = r.randrange(1, 12)
        lines.append("x = torch.tensor([%s], dtype=%s)" % (", ".join(number(r) for _ in range(n)),
                                                          r.choice(["torch.float64", "torch.double"])))
    elif kind == 4:
        lines.append("x = torch.%s(%s, dtype=torch.float64)" % (r.choice(["zeros", "ones"]), dims))
    else:
        lines.append("x = torch.arange(%d).double()" % r.randrange(1, 30))


SHOWS = [
    "print(x.tolist())",
    "print(x.reshape(-1)[0].item(), x.dtype, x.shape)",
    "print(x.float())",
    "print(x.unsqueeze(0).transpose(0, -1))",
    "print(x[0])",
    "print(x.reshape(-1)[:2].float().double())",
    "print(x)", "print(x)", "print(x)",
]


def show(r, lines):
    lines.append(r.choice(SHOWS))


def script(r):
    lines = ["import torch", "torch.manual_seed(%d)" % r.randrange(1000)]
    if r.random() < 0.2:
        lines.append("torch.set_printoptions(precision=%d)" % r.randrange(2, 10))
    for _ in range(r.randrange(4, 9)):
        make(r, lines)
        for _ in range(r.randrange(1, 3)):
            show(r, lines)
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    scriptgen.write_all("f64-rand", script, 30, 6464)
