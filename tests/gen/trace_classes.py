#!/usr/bin/python3
"""trace_classes.py - writes the tests/trace/cls-*.py scripts: the book's CausalAttention
(seed notebook 004, 3.5.3) and MultiHeadAttention (3.6.2) classes as the book writes them,
and, for each catalogued mistake (../shared/spec/check.md) that the class's data can show,
the same class with that mistake written into `forward`.

A mistake replaces text of the correct class exactly once (asserted here), keeping every
line number: where it removes a statement, `pass` lines stand in.  For each script this
prints the line the trace must name, by construction (the line the mistake was written
into, the stage, the catalogue's id); NAME.err holds it.  NAME.out comes from real
PyTorch: run tests/gen/trace_classes.py, then tests/gen/trace_cases.py tests/trace/cls-*.py.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, "..", "trace")

DATA = """inputs = torch.tensor([[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64],
                       [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]])
batch = torch.stack((inputs, inputs), dim=0)
"""

CAUSAL = '''import torch
import torch.nn as nn


class CausalAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length,
                dropout, qkv_bias=False):
        super().__init__()
        self.d_out = d_out
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key   = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer(
           'mask',
           torch.triu(torch.ones(context_length, context_length),
           diagonal=1)
        )

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.transpose(1, 2)
        pass
        attn_scores.masked_fill_(
            self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)
        attn_weights = torch.softmax(
            attn_scores / keys.shape[-1]**0.5, dim=-1
        )
        attn_weights = self.dropout(attn_weights)
        context_vec = attn_weights @ values
        return context_vec


'''

MHA = '''import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_in, d_out,
                 context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        assert (d_out % num_heads == 0), \\
            "d_out must be divisible by num_heads"
        self.d_out = d_out
        self.num_heads = num_heads
        self.head_dim = d_out // num_heads
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer(
            "mask",
            torch.triu(torch.ones(context_length, context_length),
                       diagonal=1)
        )

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        keys = keys.view(b, num_tokens, self.num_heads, self.head_dim)
        values = values.view(b, num_tokens, self.num_heads, self.head_dim)
        queries = queries.view(
            b, num_tokens, self.num_heads, self.head_dim
        )
        keys = keys.transpose(1, 2)
        queries = queries.transpose(1, 2)
        values = values.transpose(1, 2)
        attn_scores = queries @ keys.transpose(2, 3)
        mask_bool = self.mask.bool()[:num_tokens, :num_tokens]
        attn_scores.masked_fill_(mask_bool, -torch.inf)
        attn_weights = torch.softmax(
            attn_scores / keys.shape[-1]**0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = (attn_weights @ values).transpose(1, 2)
        context_vec = context_vec.contiguous().view(
            b, num_tokens, self.d_out
        )
        context_vec = self.out_proj(context_vec)
        return context_vec


'''

# (name, what, input, class, replacements, run lines)
CAUSAL_RUN = DATA + """torch.manual_seed(123)
context_length = batch.shape[1]
ca = CausalAttention(3, 2, context_length, 0.0)
context_vecs = ca(batch)
print("context_vecs.shape:", context_vecs.shape)
"""
DROP_RUN = DATA + """torch.manual_seed(789)
ca = CausalAttention(3, 2, 6, 0.5)
torch.manual_seed(123)
context_vecs = ca(batch)
print("context_vecs.shape:", context_vecs.shape)
"""
MHA_RUN = DATA + """torch.manual_seed(123)
batch_size, context_length, d_in = batch.shape
mha = MultiHeadAttention(d_in, %d, context_length, 0.0, num_heads=2)
context_vecs = mha(batch)
print("context_vecs.shape:", context_vecs.shape)
"""

SCALE = "attn_scores / keys.shape[-1]**0.5, dim=-1"
MASK = "self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)"
FILL = """        attn_scores.masked_fill_(
            self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)
"""
C_DATA, D_DATA, M_DATA = "data/book-causal-attention.json", "tests/trace/causal-dropout-2.json", "tests/trace/mha-8.json"
CASES = [
    ("cls-causal-correct", "the class as the book writes it", C_DATA, CAUSAL, [], CAUSAL_RUN),
    ("cls-causal-dropout", "the class in training mode, dropout 0.5 (3.5.2's draw)", D_DATA, CAUSAL, [], DROP_RUN),
    ("cls-causal-no-scale", "", C_DATA, CAUSAL, [(SCALE, "attn_scores, dim=-1")], CAUSAL_RUN),
    ("cls-causal-scale-by-d", "", C_DATA, CAUSAL, [(SCALE, "attn_scores / keys.shape[-1], dim=-1")], CAUSAL_RUN),
    ("cls-causal-scale-by-d-in", "", C_DATA, CAUSAL, [(SCALE, "attn_scores / d_in**0.5, dim=-1")], CAUSAL_RUN),
    ("cls-causal-softmax-wrong-dim", "", C_DATA, CAUSAL, [(SCALE, "attn_scores / keys.shape[-1]**0.5, dim=1")],
     CAUSAL_RUN),
    ("cls-causal-no-mask", "", C_DATA, CAUSAL, [(FILL, "        pass\n        pass\n")], CAUSAL_RUN),
    ("cls-causal-mask-after-softmax", "", C_DATA, CAUSAL,
     [(FILL, "        pass\n        pass\n"),
      ("attn_scores / keys.shape[-1]**0.5, dim=-1\n        )\n",
       "attn_scores / keys.shape[-1]**0.5, dim=-1\n        ).masked_fill(self.mask.bool()[:num_tokens, :num_tokens], 0.0)\n")],
     CAUSAL_RUN),
    ("cls-causal-mask-with-zero", "", C_DATA, CAUSAL, [(MASK, MASK.replace("-torch.inf", "0"))], CAUSAL_RUN),
    ("cls-causal-mask-diagonal", "", C_DATA, CAUSAL,
     [(MASK, "torch.triu(torch.ones(num_tokens, num_tokens), diagonal=0).bool(), -torch.inf)")], CAUSAL_RUN),
    ("cls-causal-mask-inverted", "", C_DATA, CAUSAL, [(MASK, MASK.replace(".bool()", ".bool().T"))], CAUSAL_RUN),
    ("cls-causal-qk-swapped", "", C_DATA, CAUSAL,
     [("queries @ keys.transpose(1, 2)", "keys @ queries.transpose(1, 2)")], CAUSAL_RUN),
    ("cls-causal-queries-are-keys", "", C_DATA, CAUSAL,
     [("queries @ keys.transpose(1, 2)", "keys @ keys.transpose(1, 2)")], CAUSAL_RUN),
    ("cls-causal-dropout-not-scaled", "", D_DATA, CAUSAL,
     [("attn_weights = self.dropout(attn_weights)", "attn_weights = self.dropout(attn_weights) * 0.5")], DROP_RUN),
    ("cls-causal-dropout-before-softmax", "", D_DATA, CAUSAL,
     [("        pass\n        attn_scores.masked_fill_(",
       "        attn_scores = self.dropout(attn_scores)\n        attn_scores.masked_fill_("),
      ("attn_weights = self.dropout(attn_weights)", "pass")], DROP_RUN),
    ("cls-causal-weight-not-transposed", "", "tests/trace/causal-3.json", CAUSAL,
     [("keys = self.W_key(x)", "keys = x @ self.W_key.weight"),
      ("queries = self.W_query(x)", "queries = x @ self.W_query.weight"),
      ("values = self.W_value(x)", "values = x @ self.W_value.weight")], CAUSAL_RUN.replace("(3, 2,", "(3, 3,")),
    ("cls-mha-correct", "the class as the book writes it", M_DATA, MHA, [], MHA_RUN % 8),
    ("cls-mha-book", "the book's own sizes: d_out 2, two heads", "data/book-mha-123.json", MHA, [], MHA_RUN % 2),
    ("cls-mha-no-scale", "", M_DATA, MHA, [("attn_scores / keys.shape[-1]**0.5, dim=-1", "attn_scores, dim=-1")],
     MHA_RUN % 8),
    ("cls-mha-scale-by-d", "", M_DATA, MHA,
     [("attn_scores / keys.shape[-1]**0.5, dim=-1", "attn_scores / keys.shape[-1], dim=-1")], MHA_RUN % 8),
    ("cls-mha-mask-diagonal", "", M_DATA, MHA,
     [("mask_bool = self.mask.bool()[:num_tokens, :num_tokens]",
       "mask_bool = torch.triu(torch.ones(num_tokens, num_tokens)).bool()")], MHA_RUN % 8),
    ("cls-mha-scale-by-d-out", "", M_DATA, MHA,
     [("attn_scores / keys.shape[-1]**0.5, dim=-1", "attn_scores / self.d_out**0.5, dim=-1")], MHA_RUN % 8),
    ("cls-mha-scale-by-d-in", "", M_DATA, MHA,
     [("attn_scores / keys.shape[-1]**0.5, dim=-1", "attn_scores / d_in**0.5, dim=-1")], MHA_RUN % 8),
    ("cls-mha-softmax-wrong-dim", "", M_DATA, MHA,
     [("attn_scores / keys.shape[-1]**0.5, dim=-1", "attn_scores / keys.shape[-1]**0.5, dim=2")], MHA_RUN % 8),
    ("cls-mha-no-mask", "", M_DATA, MHA,
     [("attn_scores.masked_fill_(mask_bool, -torch.inf)", "pass")], MHA_RUN % 8),
    ("cls-mha-mask-with-zero", "", M_DATA, MHA,
     [("attn_scores.masked_fill_(mask_bool, -torch.inf)", "attn_scores.masked_fill_(mask_bool, 0)")], MHA_RUN % 8),
    ("cls-mha-mask-inverted", "", M_DATA, MHA,
     [("mask_bool = self.mask.bool()[", "mask_bool = self.mask.bool().T[")], MHA_RUN % 8),
    ("cls-mha-qk-swapped", "", M_DATA, MHA,
     [("queries @ keys.transpose(2, 3)", "keys @ queries.transpose(2, 3)")], MHA_RUN % 8),
    ("cls-mha-queries-are-keys", "", M_DATA, MHA,
     [("queries @ keys.transpose(2, 3)", "keys @ keys.transpose(2, 3)")], MHA_RUN % 8),
    ("cls-mha-heads-not-transposed", "", M_DATA, MHA,
     [("(attn_weights @ values).transpose(1, 2)", "(attn_weights @ values)")], MHA_RUN % 8),
    ("cls-mha-no-out-proj", "", M_DATA, MHA,
     [("context_vec = self.out_proj(context_vec)", "pass")], MHA_RUN % 8),
]


def script(name, what, data, cls, repl, run):
    text = cls
    for old, new in repl:
        assert text.count(old) == 1, (name, old)
        assert old.count("\n") == new.count("\n"), (name, old)
        text = text.replace(old, new)
    mistake = name.split("-", 2)[2]
    head = "# input: %s\n# %s's forward: %s\n" % (
        data, "CausalAttention" if cls is CAUSAL else "MultiHeadAttention",
        what or "the mistake %s written in (tests/gen/trace_classes.py)" % mistake)
    return head + text + run


def main():
    for c in CASES:
        with open(os.path.join(DIR, c[0] + ".py"), "w") as f:
            f.write(script(*c))
        print(c[0])


if __name__ == "__main__":
    main()
