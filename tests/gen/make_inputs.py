#!/usr/bin/python3
"""Writes the example inputs data/*.json and the golden inputs
tests/golden/*.json with their .print expression lists, and (with --out)
the .out files, running the fragility check on each.

    /usr/bin/python3 tests/gen/make_inputs.py [--out] [NAME ...]

For a golden input (not for the data/ examples, whose values come from the
book and the lectures) a fragile result makes the script try the next
variant of the input (perturbed values or another seed, attempt k = 1, 2, ...)
until nothing is fragile; the chosen attempt is printed and written into
the file. Existing files are rewritten with the same content when nothing
changed. Needs Debian's python3-torch (see README.md).
"""
import json
import os
import random
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import reference  # noqa: E402

BOOK = [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64],
        [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]]
BOOK_TOKENS = ["Your", "journey", "starts", "with", "one", "step"]
QKV = ["W_query", "W_key", "W_value"]


# ---------------------------------------------------------------- JSON text

def num(v):
    if isinstance(v, bool) or v is None:
        return json.dumps(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        r = repr(v)
        return r
    return json.dumps(v)


def dump(o, ind=0):
    pad = " " * ind
    if isinstance(o, dict):
        if not o:
            return "{}"
        if all(not isinstance(v, (list, dict)) or
               (isinstance(v, list) and all(not isinstance(e, (list, dict)) for e in v))
               for v in o.values()):
            one = "{" + ", ".join("%s: %s" % (json.dumps(k), dump(v)) for k, v in o.items()) + "}"
            if len(one) + ind < 90:
                return one
        items = ['%s  %s: %s' % (pad, json.dumps(k), dump(v, ind + 2)) for k, v in o.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(o, list):
        if all(not isinstance(e, (list, dict)) for e in o):
            return "[" + ", ".join(num(e) for e in o) + "]"
        items = [pad + "  " + dump(e, ind + 2) for e in o]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return num(o)


# ---------------------------------------------------------------- helpers

def f9(t):
    """float32 tensor -> nested floats printed with 9 significant digits
    (round-trips float32 exactly)."""
    out = json.loads(json.dumps(t.tolist()), parse_float=float)

    def conv(x):
        if isinstance(x, list):
            return [conv(e) for e in x]
        return float("%.9g" % x)
    out = conv(out)
    assert torch.equal(torch.tensor(out, dtype=torch.float32), t.detach())
    return out


def linear_weights(seed, shapes, bias=False):
    """Draw nn.Linear layers after manual_seed(seed); -> list of {"weight", "bias"}."""
    torch.manual_seed(seed)
    res = []
    for (i, o) in shapes:
        lin = torch.nn.Linear(i, o, bias=bias)
        d = {"weight": f9(lin.weight)}
        if bias:
            d["bias"] = f9(lin.bias)
        res.append(d)
    return res


def perturb_values(v, rng, step=0.01, nd=2, prob=0.5):
    """Add small multiples of step to numbers (keeping nd decimals)."""
    if isinstance(v, list):
        return [perturb_values(e, rng, step, nd, prob) for e in v]
    if isinstance(v, dict):
        return {k: perturb_values(e, rng, step, nd, prob) for k, e in v.items()}
    if isinstance(v, str) or isinstance(v, bool) or v is None:
        return v
    if rng.random() < prob:
        return round(v + step * rng.choice([-2, -1, 1, 2]), nd) + 0.0  # no -0.0
    return v


def perturb_inputs(**kw):
    def f(cfg, k):
        rng = random.Random(k)
        cfg = dict(cfg)
        cfg["inputs"] = perturb_values(cfg["inputs"], rng, **kw)
        return cfg
    return f


def perturb_key(key, base_step=1):
    """Attempt k uses cfg[key] + k*base_step."""
    def f(cfg, k):
        cfg = dict(cfg)
        cfg[key] = cfg[key] + k * base_step
        return cfg
    return f


def perturb_weights(layers=QKV, **kw):
    def f(cfg, k):
        rng = random.Random(k)
        cfg = json.loads(json.dumps(cfg))
        w = cfg["weights"]
        for name in layers:
            if name in w:
                w[name] = perturb_values(w[name], rng, **kw)
        return cfg
    return f


def perturb_bias(layer):
    def f(cfg, k):
        rng = random.Random(k)
        cfg = json.loads(json.dumps(cfg))
        b = cfg["weights"][layer]["bias"]
        cfg["weights"][layer]["bias"] = [round(v + rng.uniform(-0.2, 0.2), 2) for v in b]
        return cfg
    return f


def stacked_from_seed(cfg, seed):
    """weights.heads of a MultiHeadAttentionWrapper(3, 2, ..., num_heads=2)
    drawn after manual_seed(seed)."""
    w = linear_weights(seed, [(3, 2)] * 6)
    cfg = dict(cfg)
    cfg["weights"] = {"heads": [dict(zip(QKV, w[0:3])), dict(zip(QKV, w[3:6]))]}
    return cfg


def perturb_variants(variants):
    """Attempt k applies the updates variants[(k - 1) % len(variants)]."""
    def f(cfg, k):
        cfg = dict(cfg)
        cfg.update(variants[(k - 1) % len(variants)])
        return cfg
    return f


ORDERS = [["W_query", "W_key", "W_value"], ["W_query", "W_value", "W_key"],
          ["W_key", "W_query", "W_value"], ["W_key", "W_value", "W_query"],
          ["W_value", "W_query", "W_key"], ["W_value", "W_key", "W_query"]]


def order_dout_variants(douts, inputs=None):
    """init_order x d_out (x inputs) variants, for inputs whose seed is fixed."""
    ins = inputs or [None]
    out = []
    for i in ins:
        for d in douts:
            for o in ORDERS:
                v = {"init_order": o, "d_out": d}
                if i is not None:
                    v["inputs"] = i
                out.append(v)
    return out


EXAMPLES = []   # (kind, name, cfg, extra expressions, perturb or None)


def data(name, cfg, exprs, perturb=None):
    """perturb only for examples whose values are not the book's."""
    EXAMPLES.append(("data", name, cfg, exprs, perturb))


def golden(name, cfg, exprs, perturb=None):
    EXAMPLES.append(("golden", name, cfg, exprs, perturb))


# ---------------------------------------------------------------- data/

data("your-journey", {"tokens": BOOK_TOKENS, "inputs": BOOK},
     ["attn_scores[1]", "attn_weights[1]", "context_vecs[1]", "attn_scores.shape",
      "inputs[:, 0]", "attn_weights[2:4]"])

torch.manual_seed(123)
xw = {n: f9(torch.rand(3, 2)) for n in QKV}
data("journey-xw", {"tokens": BOOK_TOKENS, "inputs": BOOK, "weights": xw},
     ["queries[1]", "keys.shape", "values.shape", "attn_scores[1, 1]", "attn_scores[1]",
      "attn_weights[1]", "context_vecs[1]", "keys.T"])

w789 = linear_weights(789, [(3, 2)] * 3)
w789[2]["bias"] = [0.5, 0.25]
data("journey-linear-causal",
     {"tokens": BOOK_TOKENS, "inputs": BOOK,
      "weights": dict(zip(QKV, w789)),
      "causal": True, "dropout": 0.5, "dropout_seed": 123},
     ["attn_weights[2]", "dropped_weights[2]", "dropout_mask.sum()", "masked_scores[:, 0]",
      "context_vecs[-1]", "values.transpose(0, 1)"],
     perturb_bias("W_value"))

w123 = linear_weights(123, [(3, 2)] * 3)
data("batch",
     {"tokens": BOOK_TOKENS, "inputs": [BOOK, BOOK],
      "weights": dict(zip(QKV, w123)), "causal": True},
     ["inputs.shape", "context_vecs.shape", "context_vecs[0]", "attn_weights[1, -1]",
      "keys.transpose(1, 2)", "context_vecs[:, 0]"])

data("multihead-split",
     {"tokens": BOOK_TOKENS, "inputs": BOOK, "heads": 2,
      "weights": {
          "W_query": [[0.12, -0.34, 0.56, 0.21], [-0.45, 0.33, 0.08, -0.27], [0.61, 0.19, -0.52, 0.44]],
          "W_key": [[-0.23, 0.41, 0.17, -0.58], [0.36, -0.12, 0.49, 0.25], [0.05, 0.62, -0.31, 0.14]],
          "W_value": [[0.53, -0.07, 0.28, 0.39], [-0.16, 0.47, -0.42, 0.11], [0.24, -0.35, 0.66, -0.09]],
          "out_proj": {"weight": [[0.31, -0.22, 0.15, 0.47], [-0.18, 0.26, -0.39, 0.08],
                                  [0.42, 0.11, -0.05, -0.33], [-0.27, 0.38, 0.21, 0.14]],
                       "bias": [0.05, -0.1, 0.02, 0.07]}}},
     ["queries_heads.shape", "attn_weights[0]", "attn_weights[1, 2]", "context_vecs[:, 0]",
      "merged[0]", "output.shape", "output[-1]"],
     perturb_weights(QKV + ["out_proj"]))

wrap_w = linear_weights(123, [(3, 2)] * 6)
data("multihead-stacked",
     {"tokens": BOOK_TOKENS, "inputs": BOOK, "heads": 2, "head_layout": "stacked",
      "weights": {"heads": [dict(zip(QKV, wrap_w[0:3])), dict(zip(QKV, wrap_w[3:6]))]}},
     ["queries.shape", "attn_scores[1]", "attn_weights[:, 0]", "context_vecs[0, -1]",
      "merged.T[2:4]", "merged.shape"],
     lambda cfg, k: stacked_from_seed(cfg, 123 + k))

data("batched-multihead",
     {"tokens": ["the", "cat", "sat", "down"],
      "inputs": [[[0.9, 0.1, 0.3], [0.2, 0.8, 0.5], [0.4, 0.4, 0.9], [0.7, 0.6, 0.1]],
                 [[0.1, 0.5, 0.7], [0.8, 0.3, 0.2], [0.6, 0.9, 0.4], [0.3, 0.2, 0.6]]],
      "heads": 2, "causal": True,
      "weights": {
          "W_query": {"weight": [[0.5, -0.3, 0.2], [0.1, 0.4, -0.6], [-0.2, 0.7, 0.3], [0.6, 0.1, -0.4]],
                      "bias": [0.1, 0.0, -0.1, 0.2]},
          "W_key": {"weight": [[-0.4, 0.2, 0.5], [0.3, -0.5, 0.1], [0.2, 0.6, -0.3], [-0.1, 0.3, 0.4]]},
          "W_value": {"weight": [[0.7, 0.1, -0.2], [-0.3, 0.5, 0.4], [0.2, -0.4, 0.6], [0.5, 0.3, 0.1]],
                      "bias": [0.0, 0.1, -0.1, 0.05]}},
      "print_options": {"precision": 3, "linewidth": 60}},
     ["attn_weights.shape", "attn_weights[1, 0]", "context_vecs[0, 1]", "merged[1]",
      "attn_scores[:, 1]", "values_heads[0][:, 2]"],
     perturb_weights(step=0.1, nd=1, prob=0.3))

data("book-rand-123",
     {"tokens": BOOK_TOKENS, "inputs": BOOK, "seed": 123, "init": "rand", "d_out": 2},
     ["queries[1]", "keys[1]", "values[1]", "attn_scores[1]", "attn_weights[1]", "context_vecs[1]"])

data("book-linear-789",
     {"tokens": BOOK_TOKENS, "inputs": BOOK, "seed": 789, "init": "linear", "d_out": 2},
     ["keys.shape", "attn_weights[0]", "context_vecs[:, 1]", "attn_scores.T", "context_vecs[-1]"])

data("book-causal-dropout",
     {"tokens": BOOK_TOKENS, "inputs": BOOK, "seed": 789, "init": "linear", "d_out": 2,
      "causal": True, "dropout": 0.5, "dropout_seed": 123},
     ["dropout_mask[0]", "dropped_weights[2]", "attn_weights[-1]", "masked_scores[3]",
      "unmasked_weights[0]", "context_vecs.shape"])

data("book-wrapper-123",
     {"tokens": BOOK_TOKENS, "inputs": [BOOK, BOOK], "seed": 123, "init": "linear", "d_out": 4,
      "heads": 2, "head_layout": "stacked", "causal": True},
     ["merged.shape", "merged[0]", "merged[1, 0]", "attn_weights[0, 1]", "context_vecs[0, 0]",
      "queries[0]"])

data("book-mha-123",
     {"tokens": BOOK_TOKENS, "inputs": [BOOK, BOOK], "seed": 123, "init": "linear", "d_out": 2,
      "heads": 2, "causal": True, "out_proj": True},
     ["output.shape", "output[0]", "output[1, 0]", "attn_weights[0, 0]", "merged[0]",
      "context_vecs[1, 1]"])

data("karpathy-1337",
     {"inputs": {"randn": [4, 8, 32]}, "seed": 1337, "init": "linear", "d_out": 16,
      "init_order": ["W_key", "W_query", "W_value"], "causal": True,
      "scale": 0.17677669529663687},
     ["inputs.shape", "inputs[0, 0][0:16]", "attn_weights[0]", "attn_weights.var()",
      "context_vecs.shape", "context_vecs[0, 0]", "keys[0, 0]"])

data("mingpt",
     {"inputs": {"rand": [16, 100, 512]}, "seed": 0, "init": "linear", "qkv_bias": True,
      "d_out": 512, "heads": 8, "init_order": ["W_key", "W_query", "W_value"],
      "causal": True, "out_proj": True},
     "SHAPES")

# ---------------------------------------------------------------- goldens

I2 = [[0.71, -0.32], [0.15, 0.88], [-0.56, 0.43], [0.27, -0.91]]

golden("simple-T1-d1", {"inputs": [[2.5]]},
       ["attn_weights.sum()", "inputs.shape", "context_vecs[0]", "attn_scores[0, 0]"])

golden("simple-heads2-T5-d4",
       {"tokens": ["a", "b", "c", "d", "e"],
        "inputs": [[0.31, -0.52, 0.77, 0.12], [-0.25, 0.64, 0.18, -0.43], [0.56, 0.09, -0.37, 0.81],
                   [-0.68, 0.22, 0.45, -0.14], [0.13, -0.79, 0.26, 0.58]],
        "heads": 2},
       ["queries_heads.shape", "attn_weights[1]", "context_vecs[0, -1]", "merged[:, 1]",
        "attn_scores[0].T"], perturb_inputs())

golden("simple-heads7-T2-d7",
       {"tokens": ["hello", "world"],
        "inputs": [[0.21, -0.43, 0.65, 0.17, -0.38, 0.52, 0.09],
                   [-0.31, 0.27, 0.44, -0.56, 0.13, 0.36, -0.62]],
        "heads": 7},
       ["queries_heads.shape", "attn_weights[3]", "context_vecs[6]", "merged[1]",
        "attn_scores.sum(dim=-1, keepdim=True)"], perturb_inputs())

golden("simple-3d-causal-B2-T3-d2",
       {"inputs": [[[0.42, -0.17], [0.93, 0.35], [-0.28, 0.66]],
                   [[-0.74, 0.21], [0.05, -0.48], [0.61, 0.82]]],
        "causal": True},
       ["mask.T", "masked_scores[1]", "masked_simple_norm[0]", "attn_weights.shape",
        "context_vecs[1, 2]"], perturb_inputs())

golden("simple-scale-half-causal-T6-d3",
       {"tokens": BOOK_TOKENS, "inputs": [[1.2, -0.4, 0.7], [0.3, 0.9, -1.1], [-0.8, 0.5, 0.2],
                                          [0.6, -1.3, 0.4], [1.0, 0.1, -0.6], [-0.2, 0.8, 1.4]],
        "causal": True, "scale": 0.5},
       ["scaled_scores[2]", "unmasked_weights[3]", "attn_weights[5]", "context_vecs[:, 2]",
        "mask_simple.sum()"], perturb_inputs(step=0.1, nd=1))

golden("bare-scale1-T4-d2",
       {"inputs": I2,
        "weights": {"W_query": [[0.4, -0.7, 0.2], [0.9, 0.3, -0.5]],
                    "W_key": [[-0.6, 0.8, 0.1], [0.2, -0.4, 0.7]],
                    "W_value": [[0.5, 0.1, -0.9], [-0.3, 0.6, 0.4]]},
        "scale": 1},
       ["queries.T", "attn_scores[2]", "scaled_scores[2]", "attn_weights[:, 1]",
        "context_vecs[3]"], perturb_inputs())

golden("linear-bias-scale2-T3-d5",
       {"inputs": [[0.12, -0.45, 0.78, 0.33, -0.61], [0.57, 0.24, -0.36, 0.89, 0.05],
                   [-0.72, 0.66, 0.14, -0.28, 0.47]],
        "weights": {
            "W_query": {"weight": [[0.21, -0.13, 0.35, 0.08, -0.27], [-0.16, 0.32, 0.04, -0.22, 0.19]],
                        "bias": [0.05, -0.03]},
            "W_key": {"weight": [[0.11, 0.26, -0.31, 0.17, 0.09], [0.29, -0.07, 0.14, -0.35, 0.23]],
                      "bias": [-0.12, 0.08]},
            "W_value": {"weight": [[-0.24, 0.18, 0.12, 0.3, -0.05], [0.07, -0.28, 0.33, 0.02, 0.16]],
                        "bias": [0.2, 0.1]}},
        "scale": 2},
       ["keys[0]", "attn_scores[1, 2]", "scaled_scores[1]", "attn_weights.T",
        "context_vecs.sum(dim=0)"], perturb_inputs())


def rows(n, d, seed, scale=1.0, nd=2):
    r = random.Random(seed)
    return [[round(r.uniform(-1, 1) * scale, nd) + 0.0 for _ in range(d)] for _ in range(n)]


golden("linear-qbias-causal-T9-d8",
       {"tokens": ["t%d" % i for i in range(9)],
        "inputs": rows(9, 8, 1),
        "weights": {"W_query": {"weight": rows(4, 8, 2, 0.4), "bias": [0.1, -0.05, 0.02, 0.0]},
                    "W_key": {"weight": rows(4, 8, 3, 0.4)},
                    "W_value": {"weight": rows(4, 8, 4, 0.4)}},
        "causal": True},
       ["attn_weights[8]", "masked_scores[4]", "masked_simple[6]", "context_vecs[-1]",
        "queries[:, 0]", "attn_weights.sum(dim=0)"], perturb_inputs())

golden("mixed-forms-T7-d6",
       {"inputs": rows(7, 6, 5),
        "weights": {"W_query": rows(6, 3, 6, 0.5),
                    "W_key": {"weight": rows(3, 6, 7, 0.5)},
                    "W_value": {"weight": rows(3, 6, 8, 0.5), "bias": [0.3, -0.2, 0.1]}}},
       ["queries[0]", "keys[0]", "values.mean()", "attn_weights[6]", "context_vecs[2:5]"],
       perturb_inputs())

golden("stacked-linear-bias-heads3-outproj-T5-d4",
       {"inputs": rows(5, 4, 9),
        "heads": 3, "head_layout": "stacked",
        "weights": {
            "heads": [{n: {"weight": rows(2, 4, 10 + 3 * h + j, 0.5),
                           "bias": [round(0.1 * (h - j), 2), round(0.05 * (j + 1), 2)]}
                       for j, n in enumerate(QKV)} for h in range(3)],
            "out_proj": {"weight": rows(6, 6, 20, 0.4), "bias": [0.1, -0.1, 0.05, 0.0, -0.05, 0.2]}}},
       ["queries.shape", "keys_heads[2]", "attn_weights[1, 3]", "merged[4]", "output[0]",
        "output.shape"], perturb_inputs())

golden("stacked-bare-outproj-bare-B2-T3-d3",
       {"inputs": [rows(3, 3, 21), rows(3, 3, 22)],
        "heads": 2, "head_layout": "stacked",
        "weights": {
            "heads": [{n: rows(3, 2, 23 + 3 * h + j, 0.8) for j, n in enumerate(QKV)} for h in range(2)],
            "out_proj": rows(4, 4, 30, 0.6)}},
       ["values_heads[1, 0]", "attn_scores[0, 1]", "attn_weights[1][:, 2]", "merged[0]",
        "output[1, -1]", "output.transpose(0, 1).shape"], perturb_inputs())

golden("split-linear-outproj-nobias-causal-T4-d3",
       {"inputs": rows(4, 3, 31),
        "heads": 2, "causal": True,
        "weights": {"W_query": {"weight": rows(4, 3, 32, 0.6)},
                    "W_key": {"weight": rows(4, 3, 33, 0.6)},
                    "W_value": {"weight": rows(4, 3, 34, 0.6), "bias": [0.1, 0.2, -0.1, 0.0]},
                    "out_proj": {"weight": rows(4, 4, 35, 0.5)}}},
       ["masked_scores[1]", "unmasked_weights[0]", "masked_simple_norm[1, 3]",
        "context_vecs.transpose(0, 1)", "output[2]"], perturb_inputs())

P2 = rows(6, 5, 36, 2.0, 1)
P2[4][1] = -0.0     # on purpose: a negative zero input prints as -0.00
golden("print-precision2-linewidth40",
       {"inputs": P2,
        "weights": {n: rows(5, 5, 37 + j, 0.5, 3) for j, n in enumerate(QKV)},
        "print_options": {"precision": 2, "linewidth": 40}},
       ["attn_weights[0]", "context_vecs.T", "queries[3]", "attn_scores.mean()", "values.var()"],
       perturb_inputs(step=0.1, nd=1))

# precision 8 prints float32 values to the last bit, so every number here is
# exact in float32 whatever the summation order: dyadic inputs and weights,
# all keys equal (so every weight is 1/4), scale 0.5
golden("print-precision8-exact",
       {"inputs": [[0.5, 1.0], [-0.25, 1.0], [0.75, 1.0], [1.5, 1.0]],
        "weights": {"W_query": [[1.5, -0.5], [0.25, 0.625]],
                    "W_key": [[0.0, 0.0], [0.5, 0.25]],
                    "W_value": [[0.5, 1.25], [-0.625, 0.5]]},
        "scale": 0.5,
        "print_options": {"precision": 8, "linewidth": 120}},
       ["attn_weights[2]", "context_vecs[3]", "scaled_scores[1]", "inputs.sum()", "values.mean()"])

golden("print-threshold10-edge1",
       {"inputs": rows(5, 4, 40),
        "weights": {n: {"weight": rows(4, 4, 41 + j, 0.5)} for j, n in enumerate(QKV)},
        "causal": True,
        "print_options": {"threshold": 10, "edgeitems": 1}},
       ["attn_weights[2]", "inputs[0]", "context_vecs.shape", "attn_scores[:, 0]", "keys.T"],
       perturb_inputs())

golden("print-threshold20-edge2-linewidth120-B3-T5",
       {"inputs": [rows(5, 6, 44 + b) for b in range(3)],
        "weights": {n: rows(6, 6, 47 + j, 0.4) for j, n in enumerate(QKV)},
        "heads": 3,
        "print_options": {"threshold": 20, "edgeitems": 2, "linewidth": 120}},
       ["attn_weights[0, 1]", "merged[2, 4]", "queries_heads[1, 2]", "attn_scores.shape",
        "context_vecs[:, 0]"], perturb_inputs())

golden("print-sci-true-T3-d2",
       {"inputs": [[0.64, -0.21], [0.38, 0.92], [-0.55, 0.17]],
        "weights": {n: rows(2, 2, 50 + j, 0.7) for j, n in enumerate(QKV)},
        "print_options": {"sci_mode": True}},
       ["attn_weights[1]", "context_vecs.sum()", "inputs[0, 0]", "queries[2]"],
       perturb_inputs())

# large integer scores: rows saturate; sci_mode false prints tiny weights as 0.0000
SAT = [[3.0, 0.0, 1.0], [0.0, 4.0, -2.0], [2.0, 2.0, 0.0], [-1.0, 3.0, 5.0], [4.0, -3.0, 2.0]]
golden("saturated-sci-false",
       {"inputs": SAT, "print_options": {"sci_mode": False}},
       ["attn_weights[3]", "attn_scores[1]", "context_vecs[0]", "attn_weights.T"])

golden("saturated-sci-auto",
       {"inputs": SAT, "causal": True},
       ["attn_weights[3]", "attn_weights[4][0:3]", "context_vecs[1]", "unmasked_weights[0]",
        "masked_simple_norm[2]"], perturb_inputs(step=1.0, nd=0, prob=0.3))

golden("large-magnitude-1e3",
       {"inputs": [[1000.0, -2000.0], [1500.0, 500.0], [-250.0, 3000.0]],
        "print_options": {"precision": 4, "sci_mode": None}},
       ["attn_scores[0]", "attn_weights[1]", "context_vecs", "inputs.mean()"])

# multiples of 2**-10 (about 1e-3): the scores (about 1e-6, printed in
# scientific notation) are exact
golden("small-magnitude-1e-3",
       {"inputs": [[k / 1024 for k in r] for r in [[1, -3, 2], [4, 1, -2], [-3, 4, 1]]]},
       ["attn_scores[0]", "attn_weights[1]", "context_vecs[2]", "inputs.T"],
       lambda cfg, k: dict(cfg, inputs=[[round(v * 1024) / 1024 for v in r] for r in
                                        perturb_values(cfg["inputs"], random.Random(k), 1 / 1024, 12)]))

golden("nonfinite-nan-input",
       {"inputs": [[0.5, -0.25], ["nan", 0.75], [1.0, 0.5]],
        "causal": True},
       ["attn_scores[1]", "attn_weights[0]", "context_vecs[2]", "inputs[1]"])

golden("nonfinite-inf-weights",
       {"inputs": [[0.5, -0.25], [0.75, 0.0], [-1.0, 0.5]],
        "weights": {"W_query": [[1.0, "inf"], [0.5, 0.25]],
                    "W_key": [[0.5, 1.0], [-0.5, 0.0]],
                    "W_value": [["-inf", 0.5], [0.25, -1.0]]}},
       ["queries", "attn_scores[0]", "context_vecs[:, 1]"])

golden("nonfinite-neg-inf-input-3d",
       {"inputs": [[[0.25, "-inf"], [0.5, 0.5]], [[1.0, 0.0], [-0.5, 0.75]]]},
       ["attn_scores[0]", "attn_weights[1]", "context_vecs[0, 1]"])

# ---- random numbers

golden("rng-rand-1-seed0",
       {"inputs": {"rand": [1, 1]}, "seed": 0},
       ["inputs[0]", "attn_weights"])

golden("rng-rand-2-seed0-linear-d_out1",
       {"inputs": {"rand": [2, 1]}, "seed": 0, "init": "linear", "d_out": 1},
       ["queries.T", "attn_weights[1]"], perturb_key("seed"))

golden("rng-randn-15-seed-2p32plus5-rand-init",
       {"inputs": {"randn": [5, 3]}, "seed": 2 ** 32 + 5, "init": "rand", "d_out": 2,
        "init_order": ["W_query", "W_value", "W_key"]},
       ["inputs[4]", "attn_weights[0]", "context_vecs[2]"],
       perturb_variants(order_dout_variants([2, 1, 3])))

golden("rng-randn-16-stacked-rand-heads2",
       {"inputs": {"randn": [4, 4]}, "seed": 123, "init": "rand", "d_out": 4, "heads": 2,
        "head_layout": "stacked"},
       ["inputs.mean()", "keys_heads[1]", "attn_weights[0, 2]", "merged[1]"],
       perturb_variants(order_dout_variants([4, 2, 6])))

golden("rng-randn-17-linear-T1",
       {"inputs": {"randn": [1, 17]}, "seed": 17, "init": "linear", "d_out": 3,
        "init_order": ["W_key", "W_value", "W_query"]},
       ["inputs[0][15:17]", "attn_weights", "values"], perturb_key("seed"))

golden("rng-rand-31-randn-init-T31",
       {"inputs": {"rand": [31, 1]}, "seed": 31, "init": "randn", "d_out": 1,
        "init_order": ["W_value", "W_query", "W_key"],
        "print_options": {"precision": 2, "threshold": 100}},
       ["inputs[28:31]", "attn_weights[30][25:31]", "context_vecs.shape", "attn_weights[0][0:4]"],
       perturb_key("seed"))

golden("rng-randn-33-T3-d11-linear-bias",
       {"inputs": {"randn": [3, 11]}, "seed": 33, "init": "linear", "qkv_bias": True, "d_out": 2,
        "init_order": ["W_value", "W_key", "W_query"]},
       ["inputs[1]", "keys[2]", "attn_weights[1]", "context_vecs.T"], perturb_key("seed"))

golden("rng-randn-300-B2-T6-d25-linear",
       {"inputs": {"randn": [2, 6, 25]}, "seed": 300, "init": "linear", "d_out": 2,
        "causal": True},
       ["inputs[1, 5][20:25]", "attn_weights[0, 5]", "context_vecs[1]", "queries.shape"],
       perturb_key("seed"))

golden("rng-rand-300-T3-d100-linear-causal",
       {"inputs": {"rand": [3, 100]}, "seed": 7, "init": "linear", "d_out": 2, "causal": True,
        "init_order": ["W_key", "W_query", "W_value"],
        "print_options": {"precision": 2}},
       ["inputs[0][0:5]", "attn_weights[2]", "queries[0]"], perturb_key("seed"))

golden("rng-seed-2p64-1-randn-init",
       {"inputs": {"randn": [3, 2]}, "seed": 2 ** 64 - 1, "init": "randn", "d_out": 2,
        "init_order": ["W_value", "W_key", "W_query"]},
       ["inputs[1]", "queries[0]", "attn_weights[-1]"],
       perturb_variants(order_dout_variants([2, 1, 3], [{"randn": d} for d in
                                                        ([3, 2], [2, 3], [3, 1], [2, 2], [4, 2])])))

golden("rng-seed0-linear-split-heads2-outproj",
       {"inputs": {"rand": [4, 3]}, "seed": 0, "init": "linear", "d_out": 4, "heads": 2,
        "out_proj": True, "qkv_bias": False},
       ["attn_weights[1, 0]", "merged[-1]", "output[-1]", "output.shape"],
       perturb_variants([{"inputs": {"rand": d}} for d in ([3, 4], [4, 2], [3, 3], [2, 3], [4, 1])]))

golden("rng-linear-stacked-bias-heads2-outproj-3d",
       {"inputs": {"randn": [2, 3, 4]}, "seed": 5, "init": "linear", "qkv_bias": True,
        "d_out": 4, "heads": 2, "head_layout": "stacked", "out_proj": True, "causal": True,
        "init_order": ["W_query", "W_value", "W_key"]},
       ["queries_heads[0, 1]", "attn_weights[1, 0]", "merged[0, 2]", "output[1]"],
       perturb_key("seed"))

golden("rng-linear-split-bias-heads4-outproj-3d",
       {"inputs": {"rand": [2, 3, 3]}, "seed": 11, "init": "linear", "qkv_bias": True,
        "d_out": 4, "heads": 4, "out_proj": True,
        "init_order": ["W_value", "W_query", "W_key"]},
       ["attn_weights[0, 3]", "context_vecs[1][:, 0]", "output[0, 0]", "merged.shape"],
       perturb_key("seed"))

golden("rng-randn-init-split-heads2-causal",
       {"inputs": {"randn": [4, 2]}, "seed": 42, "init": "randn", "d_out": 4, "heads": 2,
        "causal": True, "scale": None},
       ["scaled_scores[1, 3]", "attn_weights[0, 3]", "merged[3]"], perturb_key("seed"))

golden("rng-rand-stacked-heads2-outproj-T4",
       {"inputs": {"rand": [4, 2]}, "seed": 9, "init": "rand", "d_out": 2, "heads": 2,
        "head_layout": "stacked", "out_proj": True,
        "init_order": ["W_key", "W_value", "W_query"]},
       ["keys", "attn_weights[1]", "output[0]"], perturb_key("seed"))

# ---- dropout

golden("dropout-0-with-seed",
       {"inputs": I2, "seed": 3, "init": "linear", "d_out": 2, "dropout": 0, "dropout_seed": 5},
       ["attn_weights[0]", "context_vecs[1]"], perturb_key("seed"))

golden("dropout-0.1-seeded-causal-T8",
       {"inputs": {"rand": [8, 3]}, "seed": 123, "init": "linear", "d_out": 2, "causal": True,
        "dropout": 0.1, "dropout_seed": 123, "dropout_rng": "default"},
       ["dropout_mask[7]", "dropped_weights[7]", "dropout_mask.sum(dim=0)", "context_vecs[5]"],
       perturb_key("seed"))

golden("dropout-0.1-unseeded-B2-T3",
       {"inputs": {"randn": [2, 3, 4]}, "seed": 10, "init": "linear", "d_out": 2,
        "dropout": 0.1},
       ["dropout_mask[1]", "dropped_weights[0]", "context_vecs[1, 2]"], perturb_key("seed"))

golden("rng-linear-stacked-nobias-heads3-causal",
       {"inputs": {"randn": [4, 3]}, "seed": 77, "init": "linear", "d_out": 3, "heads": 3,
        "head_layout": "stacked", "causal": True},
       ["keys_heads[2]", "attn_weights[1, 3]", "merged[3]", "values.T"], perturb_key("seed"))

golden("dropout-0.5-unseeded-heads2-B2",
       {"inputs": {"randn": [2, 4, 4]}, "seed": 21, "init": "linear", "d_out": 4, "heads": 2,
        "causal": True, "dropout": 0.5},
       ["dropout_mask[1, 0]", "dropped_weights[0, 1]", "merged[1, 3]"], perturb_key("seed"))

golden("dropout-0.9-unseeded-T6",
       {"inputs": {"rand": [6, 2]}, "seed": 90, "init": "rand", "d_out": 2, "dropout": 0.9},
       ["dropout_mask", "dropped_weights[:, 0]", "context_vecs[0]"], perturb_key("seed"))

golden("dropout-0.9-seeded-simple",
       {"inputs": [[0.6, -0.2], [0.1, 0.9], [-0.7, 0.3], [0.4, 0.5]], "dropout": 0.9,
        "dropout_seed": 2 ** 64 - 1},
       ["dropout_mask", "dropped_weights[1]", "context_vecs[3]"], perturb_inputs())

golden("dropout-1-seeded",
       {"inputs": I2, "seed": 4, "init": "linear", "d_out": 2, "causal": True, "dropout": 1,
        "dropout_seed": 7},
       ["dropout_mask[0]", "dropped_weights[3]", "context_vecs"], perturb_key("seed"))

# p = 1: every weight is 0, and 0 @ values is +0 even where a column of
# values is all negative (PyTorch's matmul starts its sums from +0)
golden("dropout-1-simple-negative-column",
       {"inputs": [[-0.5, 0.25], [-0.75, 0.5], [-0.25, 1.0]], "dropout": 1},
       ["dropout_mask", "context_vecs[:, 0]", "dropped_weights.sum()"])

golden("dropout-1-unseeded-3d-heads2",
       {"inputs": {"rand": [2, 3, 2]}, "seed": 8, "init": "randn", "d_out": 2, "heads": 2,
        "dropout": 1.0},
       ["dropout_mask.shape", "dropped_weights[1, 1]", "merged[0]"], perturb_key("seed"))

golden("dropout-0.5-seeded-linear-bias-stacked",
       {"inputs": {"randn": [5, 3]}, "seed": 2 ** 32 + 5, "init": "linear", "qkv_bias": True,
        "d_out": 4, "heads": 2, "head_layout": "stacked", "dropout": 0.5, "dropout_seed": 0},
       ["dropout_mask[1]", "dropped_weights[0, 2]", "context_vecs[1, 4]"], perturb_key("seed"))


# ---------------------------------------------------------------- driver

def write(path, text):
    old = None
    if os.path.exists(path):
        with open(path) as fh:
            old = fh.read()
    if old != text:
        with open(path, "w") as fh:
            fh.write(text)


def exprs_for(cfg, extra):
    names = reference.run(cfg)[1]
    if extra == "SHAPES":
        extra = [n + ".shape" for n in names] + [
            "inputs[0, 0][0:4]", "attn_weights[0, 0][1][0:3]", "attn_weights[15, 7][99][97:100]",
            "context_vecs[3, 2][0][0:4]", "output[0, 0][0:4]", "output[15, 99][508:512]",
            "keys_heads[0, 0][0][0:4]"]
    return names + list(extra)


def main(argv):
    want_out = "--out" in argv
    only = [a for a in argv if not a.startswith("--")]
    for kind, name, cfg, extra, perturb in EXAMPLES:
        if only and name not in only:
            continue
        if kind == "data":
            base = os.path.join(ROOT, "data", name)
            gbase = os.path.join(ROOT, "tests", "golden", "data-" + name)
        else:
            base = gbase = os.path.join(ROOT, "tests", "golden", name)
        k = 0
        c = cfg
        while True:
            exprs = exprs_for(c, extra)
            rep = reference.fragile_report(c, exprs)
            if not rep or perturb is None or k >= 400:
                break
            k += 1
            c = perturb(cfg, k)
        status = "ok" if not rep else "FRAGILE %d" % len(rep)
        print("%-50s attempt %3d  %s" % (name, k, status))
        for line in rep[:20]:
            print("    " + line)
        write(base + ".json", dump(c) + "\n")
        write(gbase + ".print", "".join(e + "\n" for e in exprs))
        if want_out:
            write(gbase + ".out", reference.render(c, exprs))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
