#!/usr/bin/env python3
"""Write tests/readprint-cases.jsonl: texts real PyTorch 1.13 prints, beyond the
float32 corpus of print-cases.jsonl, for the reader of THEIRS (src/teach/readprint.c):
other dtypes (their dtype= suffix), int and bool tensors, print() of several
objects, lists and tuples of tensors, nn.Parameter, grad_fn, summaries.

One JSON object per line:
  id       name
  text     exactly what print(...) wrote (final newline removed)
  tensors  one entry per tensor( in text, in order:
           {"label": expected label or null, "shape": [...], "dtype": "float64",
            "parameter": bool, "grad_fn": name or null, "requires_grad": bool,
            "values": all elements row-major, as numbers, or "inf"/"-inf"/"nan"}
The reader's test reads each text back and compares (shown elements within
half a unit of the last printed digit; integers and bools exactly).

Run: LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas /usr/bin/python3 tests/gen/readprint_cases.py
"""
import io, json, math
import torch
import torch.nn as nn
import torch.nn.functional as F

cases = []


def num(v):
    v = float(v)
    if math.isnan(v): return "nan"
    if math.isinf(v): return "inf" if v > 0 else "-inf"
    return v


def entry(t, label=None):
    p = isinstance(t, nn.Parameter)
    d = t.detach()
    vals = [num(x) for x in d.flatten().tolist()] if d.numel() else []
    if d.dtype == torch.bool:
        vals = [1 if x else 0 for x in d.flatten().tolist()]
    return {"label": label, "shape": list(d.shape), "dtype": str(d.dtype).replace("torch.", ""),
            "parameter": p, "grad_fn": type(t.grad_fn).__name__ if t.grad_fn is not None else None,
            "requires_grad": bool(t.requires_grad), "values": vals}


def case(name, tensors, *args, **opts):
    """print(*args) under set_printoptions(**opts); tensors: [(tensor, label), ...] in order."""
    torch.set_printoptions(profile="default")
    torch.set_printoptions(**opts)
    buf = io.StringIO()
    print(*args, file=buf)
    torch.set_printoptions(profile="default")
    cases.append({"id": name, "text": buf.getvalue().rstrip("\n"),
                  "tensors": [entry(t, l) for t, l in tensors]})


def one(name, t, **opts):
    case(name, [(t, None)], t, **opts)


torch.manual_seed(123)
f64 = torch.tensor([1.5, 2.25], dtype=torch.float64)
one("float64", f64)
one("float64-wrap-suffix", torch.rand(6, dtype=torch.float64))
one("float64-matrix", torch.rand(6, 6, dtype=torch.float64) * 3)
one("float64-sci", torch.tensor([1e-5, 1.0, -3e3], dtype=torch.float64))
one("float64-requires-grad", torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True))
one("float64-0d", torch.tensor(0.5, dtype=torch.float64))
one("float64-summarised", torch.randn(30, 40, dtype=torch.float64))
one("float64-summarised-3d", torch.rand(12, 12, 12, dtype=torch.float64))
one("float16", torch.tensor([0.1, 0.2, -65504.0], dtype=torch.float16))
one("bfloat16", torch.tensor([0.1, 0.2, 3.0], dtype=torch.bfloat16))
one("int64", torch.tensor([1, 2, -300]))
one("int64-matrix", torch.arange(12).reshape(3, 4) - 5)
one("int64-summarised", torch.arange(2000).reshape(40, 50))
one("int64-0d", torch.tensor(3))
one("int64-empty", torch.tensor([], dtype=torch.int64))
one("int32", torch.tensor([1, 2], dtype=torch.int32))
one("int16", torch.tensor([[-7, 8], [9, 10]], dtype=torch.int16))
one("int8", torch.tensor([-128, 127], dtype=torch.int8))
one("uint8", torch.tensor([0, 255], dtype=torch.uint8))
one("bool", torch.tensor([True, False]))
one("bool-matrix", torch.tensor([[True, False], [False, True]]))
one("bool-0d", torch.tensor(True))
one("bool-summarised", torch.rand(30, 40) > 0.5)
one("float64-empty-2d", torch.zeros(0, 3, dtype=torch.float64))
one("float32-empty-3d-grad", torch.zeros(2, 0, 3, requires_grad=True))

# the book's and Karpathy's prints, computed as they compute them
inputs = torch.tensor([[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64],
                       [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]])
attn_scores_2 = inputs @ inputs[1]
attn_weights_2 = torch.softmax(attn_scores_2, dim=0)
case("print-label-and-tensor", [(attn_weights_2, None), (attn_weights_2.sum(), "Sum")],
     "Attention weights:", attn_weights_2, "\nSum:", attn_weights_2.sum())
case("print-newline-label", [(attn_scores_2.mean(), "Mean")], "Mean:\n", attn_scores_2.mean())
case("list-of-tensors", [(torch.tensor([0.5, 1.5]), None), (torch.tensor([[1., 2.], [3., 4.]]), None)],
     [torch.tensor([0.5, 1.5]), torch.tensor([[1., 2.], [3., 4.]])])
case("tuple-of-tensors", [(torch.tensor(1.), None), (torch.tensor([2, 3]), None)],
     (torch.tensor(1.), torch.tensor([2, 3])))

torch.manual_seed(1337)
B, T, C = 4, 8, 32
x = torch.randn(B, T, C)
head_size = 16
key = nn.Linear(C, head_size, bias=False)
query = nn.Linear(C, head_size, bias=False)
k, q = key(x), query(x)
wei = q @ k.transpose(-2, -1)
tril = torch.tril(torch.ones(T, T))
wei = wei.masked_fill(tril == 0, float('-inf'))
wei = F.softmax(wei, dim=-1)
one("karpathy-wei0", wei[0])
one("karpathy-wei-summarised", wei)
one("karpathy-masked-scores", (q @ k.transpose(-2, -1))[0].masked_fill(tril == 0, float('-inf')))

torch.manual_seed(123)
lin = nn.Linear(3, 2)
one("parameter-linear-weight", lin.weight)
one("parameter-linear-bias", lin.bias)
one("parameter-no-grad", nn.Parameter(torch.rand(3, 2), requires_grad=False))
one("parameter-float64", nn.Parameter(torch.rand(2, 2, dtype=torch.float64)))
sm = torch.softmax(torch.randn(6, 6, requires_grad=True), dim=-1)
one("softmax-grad-fn", sm)
one("linewidth-40-float64", torch.rand(3, 5, dtype=torch.float64), linewidth=40)
one("precision-2-int-mix", torch.tensor([0.25, 1.5, 100.0]), precision=2)
one("sci-forced-float64", torch.tensor([1.0, -1.0], dtype=torch.float64), sci_mode=True)

with open("tests/readprint-cases.jsonl", "w") as f:
    for c in cases:
        f.write(json.dumps(c) + "\n")
print(len(cases), "cases")
