#!/usr/bin/python3
"""cls_scripts.py - writes tests/run/cls-rand-N.py: the book's classes
(SelfAttention_v1, SelfAttention_v2, CausalAttention,
MultiHeadAttentionWrapper, MultiHeadAttention) and Karpathy's Head, with
sizes, seeds, dropout, bias and train/eval drawn at random (Python's
random, seeded: the same scripts every time), then their expected
outputs from real PyTorch 1.13 through run_cases.py.

    /usr/bin/python3 tests/gen/cls_scripts.py [COUNT]   (default 12)
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_cases  # noqa: E402

CLASSES = '''import torch
import torch.nn as nn
from torch.nn import functional as F


class SelfAttention_v1(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.W_query = nn.Parameter(torch.rand(d_in, d_out))
        self.W_key   = nn.Parameter(torch.rand(d_in, d_out))
        self.W_value = nn.Parameter(torch.rand(d_in, d_out))

    def forward(self, x):
        keys = x @ self.W_key
        queries = x @ self.W_query
        values = x @ self.W_value
        attn_scores = queries @ keys.T
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        return attn_weights @ values


class SelfAttention_v2(nn.Module):
    def __init__(self, d_in, d_out, qkv_bias=False):
        super().__init__()
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key   = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)

    def forward(self, x):
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.T
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        return attn_weights @ values


class CausalAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False):
        super().__init__()
        self.d_out = d_out
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key   = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer('mask', torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.transpose(1, 2)
        attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = attn_weights @ values
        return context_vec


class MultiHeadAttentionWrapper(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        self.heads = nn.ModuleList()
        for _ in range(num_heads):
            self.heads.append(CausalAttention(d_in, d_out, context_length, dropout, qkv_bias))

    def forward(self, x):
        outs = []
        for head in self.heads:
            outs = outs + [head(x)]
        return torch.cat(outs, dim=-1)


class MultiHeadAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        assert (d_out % num_heads == 0), "d_out must be divisible by num_heads"
        self.d_out = d_out
        self.num_heads = num_heads
        self.head_dim = d_out // num_heads
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        keys = keys.view(b, num_tokens, self.num_heads, self.head_dim)
        values = values.view(b, num_tokens, self.num_heads, self.head_dim)
        queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)
        keys = keys.transpose(1, 2)
        queries = queries.transpose(1, 2)
        values = values.transpose(1, 2)
        attn_scores = queries @ keys.transpose(2, 3)
        mask_bool = self.mask.bool()[:num_tokens, :num_tokens]
        attn_scores.masked_fill_(mask_bool, -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = (attn_weights @ values).transpose(1, 2)
        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
        context_vec = self.out_proj(context_vec)
        return context_vec


class Head(nn.Module):
    """ one head of self-attention """

    def __init__(self, n_embd, head_size, block_size, dropout):
        super().__init__()
        self.key = nn.Linear(n_embd, head_size, bias=False)
        self.query = nn.Linear(n_embd, head_size, bias=False)
        self.value = nn.Linear(n_embd, head_size, bias=False)
        self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        B, T, C = x.shape
        k = self.key(x)
        q = self.query(x)
        wei = q @ k.transpose(-2, -1) * C**-0.5
        wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))
        wei = F.softmax(wei, dim=-1)
        wei = self.dropout(wei)
        v = self.value(x)
        out = wei @ v
        return out


def count(m):
    n = 0
    for p in m.parameters():
        n += p.numel()
    return n
'''


def body(r):
    """the lines after the classes: one model of each kind, random sizes"""
    lines = []
    seed = r.randrange(0, 100000)
    b, t, d_in = r.randint(1, 3), r.randint(1, 7), r.randint(1, 6)
    heads = r.randint(1, 3)
    d_out = heads * r.randint(1, 3)
    ctx = t + r.randint(0, 3)
    p = r.choice(["0.0", "0.0", "0.1", "0.5", "0.25"])
    bias = r.choice(["False", "True"])
    lines.append("torch.manual_seed(%d)" % seed)
    lines.append("x = torch.rand(%d, %d, %d)" % (b, t, d_in))
    lines.append("inputs = x[0]")
    lines.append("sa1 = SelfAttention_v1(%d, %d)" % (d_in, d_out))
    lines.append("print(sa1(inputs))")
    lines.append("sa2 = SelfAttention_v2(%d, %d, qkv_bias=%s)" % (d_in, d_out, bias))
    lines.append("print(sa2(inputs))")
    lines.append("print(sa2)")
    lines.append("ca = CausalAttention(%d, %d, %d, %s, %s)" % (d_in, d_out, ctx, p, bias))
    lines.append("print(ca(x))")
    if r.random() < 0.5:
        lines.append("ca.eval()")
        lines.append("print(ca(x))")
        lines.append("print(ca.training, ca.dropout.training)")
    lines.append("print(ca)")
    lines.append("wrap = MultiHeadAttentionWrapper(%d, %d, %d, %s, num_heads=%d, qkv_bias=%s)" %
                 (d_in, d_out, ctx, p, heads, bias))
    lines.append("print(wrap(x))")
    lines.append("print(wrap)")
    lines.append("mha = MultiHeadAttention(%d, %d, %d, %s, %d)" % (d_in, d_out, ctx, p, heads))
    if r.random() < 0.5:
        lines.append("mha.train(False)")
    lines.append("print(mha(x))")
    lines.append("print(count(sa1), count(sa2), count(ca), count(wrap), count(mha))")
    lines.append("for name, q in mha.named_parameters():")
    lines.append("    print(name, q.shape)")
    lines.append("head = Head(%d, %d, %d, %s)" % (d_in, d_out, ctx, p))
    lines.append("print(head(x))")
    lines.append("print(head)")
    lines.append("seq = nn.Sequential(nn.Linear(%d, %d), nn.Dropout(%s), nn.Linear(%d, %d, bias=%s))" %
                 (d_in, d_out, p, d_out, d_in, bias))
    lines.append("print(seq(x))")
    lines.append("print(seq, len(seq), seq[-1].weight.shape)")
    return "\n".join(lines) + "\n"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    r = random.Random(2323)
    for i in range(n):
        path = os.path.join(run_cases.RUN, "cls-rand-%d.py" % i)
        with open(path, "w") as f:
            f.write(CLASSES + "\n\n" + body(r))
        run_cases.one(path)


if __name__ == "__main__":
    main()
