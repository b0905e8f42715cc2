#!/usr/bin/python3
"""bigram_scripts.py - random scripts around Karpathy's bigram language model
("Let's build GPT"): the data prep (a text drawn at random, sorted(list(set(text))),
stoi/itos dict comprehensions, encode/decode (lambdas as the lecture's, or defs), torch.tensor(..., dtype=torch.long),
the train/val split, get_batch with torch.randint and torch.stack), the
BigramLanguageModel (nn.Embedding, forward with `if targets is None`, view(B*T, C),
F.cross_entropy, generate with torch.multinomial and torch.cat, under
torch.no_grad()), and the pieces on their own with sizes and seeds drawn:
advanced indexing (integer tensors, lists, 2-d indices, masks among slices),
randint (both forms, ranges past 2^32), multinomial (one sample, several with
and without replacement), cross_entropy (reductions, ignore_index, many batch
sizes for nll_loss's cascade sum), log_softmax, argmax, set(); and their
errors.  Checked against real PyTorch 1.13 by cls_scripts.py's differential
runner.

    /usr/bin/python3 tests/gen/bigram_scripts.py --fuzz COUNT SEED [DIR]
        the differential run: mismatches to stdout, want/got files in DIR
    /usr/bin/python3 tests/gen/bigram_scripts.py --batch [COUNT]
        tests/run/bigram-NNN.py (seed 23) and their goldens (run_cases.py)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cls_scripts  # noqa: E402

HEAD = '''import torch
import torch.nn as nn
from torch.nn import functional as F
'''

MODEL = '''

class BigramLanguageModel(nn.Module):

    def __init__(self, vocab_size):
        super().__init__()
        # each token directly reads off the logits for the next token from a lookup table
        self.token_embedding_table = nn.Embedding(vocab_size, vocab_size)

    def forward(self, idx, targets=None):

        # idx and targets are both (B,T) tensor of integers
        logits = self.token_embedding_table(idx) # (B,T,C)

        if targets is None:
            loss = None
        else:
            B, T, C = logits.shape
            logits = logits.view(B*T, C)
            targets = targets.view(B*T)
            loss = F.cross_entropy(logits, targets)

        return logits, loss

    def generate(self, idx, max_new_tokens):
        # idx is (B, T) array of indices in the current context
        for _ in range(max_new_tokens):
            # get the predictions
            logits, loss = self(idx)
            # focus only on the last time step
            logits = logits[:, -1, :] # becomes (B, C)
            # apply softmax to get probabilities
            probs = F.softmax(logits, dim=-1) # (B, C)
            # sample from the distribution
            idx_next = torch.multinomial(probs, num_samples=1) # (B, 1)
            # append sampled index to the running sequence
            idx = torch.cat((idx, idx_next), dim=1) # (B, T+1)
        return idx
'''

ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ .,;:!?'\n-"


def text_of(r):
    pool = "".join(r.sample(ALPHABET, r.randint(3, len(ALPHABET))))
    return "".join(r.choice(pool) for _ in range(r.randint(40, 400)))


def s_data(g):
    """the lecture's data prep and a batch"""
    r = g.r
    bs, blk = r.randint(1, 6), r.randint(1, 10)
    g.add("text = %r" % text_of(r),
          "chars = sorted(list(set(text)))",
          "vocab_size = len(chars)",
          "print(''.join(chars))",
          "print(vocab_size)",
          "stoi = { ch:i for i,ch in enumerate(chars) }",
          "itos = { i:ch for i,ch in enumerate(chars) }",
          *(["encode = lambda s: [stoi[c] for c in s] # encoder: take a string, output a list of integers",
              "decode = lambda l: ''.join([itos[i] for i in l]) # decoder: take a list of integers, output a string"]
            if r.random() < 0.5 else
            ["def encode(s):\n    return [stoi[c] for c in s]",
             "def decode(l):\n    return ''.join([itos[i] for i in l])"]),
          "print(encode(text[:%d]))" % r.randint(1, 12),
          "print(decode(encode(text[%d:%d])))" % (r.randint(0, 10), r.randint(10, 30)),
          "data = torch.tensor(encode(text), dtype=torch.long)",
          "print(data.shape, data.dtype)",
          "print(data[:%d])" % r.randint(1, 40),
          "n = int(%s*len(data))" % r.choice(["0.9", "0.8", "0.5"]),
          "train_data = data[:n]",
          "val_data = data[n:]",
          "block_size = %d" % blk,
          "batch_size = %d" % bs,
          "def get_batch(split):\n"
          "    data = train_data if split == 'train' else val_data\n"
          "    ix = torch.randint(len(data) - block_size, (batch_size,))\n"
          "    x = torch.stack([data[i:i+block_size] for i in ix])\n"
          "    y = torch.stack([data[i+1:i+block_size+1] for i in ix])\n"
          "    return x, y",
          "xb, yb = get_batch('train')",
          "print(xb)",
          "print(yb)")
    if r.random() < 0.5:
        g.add("for b in range(batch_size):\n"
              "    for t in range(min(block_size, %d)):\n"
              "        context = xb[b, :t+1]\n"
              "        target = yb[b,t]\n"
              "        print(f\"when input is {context.tolist()} the target: {target}\")" % r.randint(1, 3))
    return True


def s_model(g):
    """the model: repr, a loss, generation"""
    r = g.r
    if not g.have_data:
        g.have_data = s_data(g)
    g.add("m = BigramLanguageModel(vocab_size)",
          "logits, loss = m(xb, yb)",
          "print(logits.shape)",
          "print(loss)")
    if r.random() < 0.4:
        g.add("print(m)")
    if r.random() < 0.3:
        g.add("print(logits[%d])" % r.randint(-1, 0))
    if r.random() < 0.3:
        g.add("print(m.token_embedding_table.weight[%d, :5])" % r.randint(0, 2))
    k = r.random()
    if k < 0.4:
        g.add("print(decode(m.generate(idx = torch.zeros((1, 1), dtype=torch.long), max_new_tokens=%d)[0].tolist()))"
              % r.randint(1, 120))
    elif k < 0.8:
        g.add("with torch.no_grad():\n    out = m.generate(xb[:, -%d:], %d)\nprint(out)" % (
            r.randint(1, 3), r.randint(1, 12)))
    else:
        g.add("logits, loss = m(xb)\nprint(loss, logits.shape)")
    if r.random() < 0.3:
        g.add("xv, yv = get_batch('val')" if r.random() < 0.2 else "xv, yv = get_batch('train')",
              "print(m(xv, yv)[1].item())")


def tensor_of(r, shape):
    k = r.random()
    if k < 0.5:
        return "torch.randn(%s)" % ", ".join(map(str, shape))
    if k < 0.8:
        return "torch.arange(%d.).view(%s)" % (prod(shape), ", ".join(map(str, shape)))
    return "torch.randint(-5, 6, (%s,))%s" % (", ".join(map(str, shape)), "" if len(shape) == 1 else "")


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def idx_list(r, size, n):
    return [r.randint(-size, size - 1) for _ in range(n)]


def s_index(g):
    """advanced indexing, reading"""
    r = g.r
    shape = [r.randint(1, 5) for _ in range(r.randint(1, 3))]
    g.add("x = %s" % tensor_of(r, shape))
    for _ in range(r.randint(1, 4)):
        d0 = shape[0]
        k = r.randrange(10)
        if k == 0:
            e = "x[torch.tensor(%r)]" % idx_list(r, d0, r.randint(0, 5))
        elif k == 1:
            e = "x[%r]" % idx_list(r, d0, r.randint(1, 5))
        elif k == 2:
            e = "x[torch.tensor([%s, %s])]" % (idx_list(r, d0, 2), idx_list(r, d0, 2))
        elif k == 3 and len(shape) > 1:
            e = "x[:, %r]" % idx_list(r, shape[1], r.randint(1, 4))
        elif k == 4 and len(shape) > 1:
            n = r.randint(1, 3)
            e = "x[%r, %r]" % (idx_list(r, d0, n), idx_list(r, shape[1], r.choice([n, 1])))
        elif k == 5:
            e = "x[x %s %s]" % (r.choice([">", "<", ">=", "!="]), r.choice(["0", "1", "-0.5"]))
        elif k == 6 and len(shape) > 1:
            e = "x[%r, %d:]" % (idx_list(r, d0, 2), r.randint(0, shape[1]))
        elif k == 7 and len(shape) > 2:
            e = "x[%r, :, %r]" % (idx_list(r, d0, 2), idx_list(r, shape[2], 2))
        elif k == 8:
            e = "x[None, %r]" % idx_list(r, d0, 2)
        else:
            e = "x[..., %r]" % idx_list(r, shape[-1], r.randint(1, 3))
        g.add("print(%s)" % e)
    if r.random() < 0.3:
        g.add("w = torch.randn(%d, 3, requires_grad=True)" % d0, "print(w[%r])" % idx_list(r, d0, 2))
    if r.random() < 0.2:
        g.add("idx = torch.randint(0, %d, (%d, %d))" % (d0, r.randint(1, 3), r.randint(1, 3)), "print(x[idx])")


def s_randint(g):
    r = g.r
    k = r.randrange(5)
    size = tuple(r.randint(1, 4) for _ in range(r.randint(1, 3)))
    if k == 0:
        g.add("print(torch.randint(%d, %r))" % (r.randint(1, 100), size))
    elif k == 1:
        lo = r.randint(-50, 50)
        g.add("print(torch.randint(%d, %d, %r))" % (lo, lo + r.randint(1, 100), size))
    elif k == 2:
        lo = r.randint(-2 ** 40, 2 ** 40)
        g.add("print(torch.randint(%d, %d, %r))" % (lo, lo + r.randint(2 ** 32, 2 ** 45), size))
    elif k == 3:
        g.add("print(torch.randint(%d, size=%r, dtype=torch.%s))" % (r.randint(1, 9), size,
                                                                       r.choice(["long", "int64", "float32"])))
    else:
        g.add("print(torch.randint(low=%d, high=%d, size=%r).sum())" % (0, r.randint(1, 5), size))


def s_multinomial(g):
    r = g.r
    rows, cats = r.randint(1, 4), r.randint(1, 70)
    two = r.random() < 0.6
    shape = "%d, %d" % (rows, cats) if two else "%d" % cats
    p = r.choice(["F.softmax(torch.randn(%s), dim=-1)" % shape, "torch.rand(%s)" % shape,
                  "torch.randint(0, 3, (%s,)).float() + 0.01" % shape])
    g.add("probs = %s" % p)
    k = r.random()
    if k < 0.6:
        g.add("print(torch.multinomial(probs, num_samples=1))")
    elif k < 0.8:
        g.add("print(torch.multinomial(probs, %d))" % r.randint(1, cats))
    else:
        g.add("print(probs.multinomial(%d, replacement=True))" % r.choice([1, r.randint(1, 10)]))


def s_loss(g):
    r = g.r
    n, c = r.choice([r.randint(1, 20), r.randint(1, 300), r.randint(200, 2000)]), r.randint(1, 80)
    g.add("logits = torch.randn(%d, %d) * %s" % (n, c, r.choice(["1", "3", "0.1"])),
          "targets = torch.randint(%d, (%d,))" % (c, n))
    k = r.random()
    if k < 0.6:
        g.add("print(F.cross_entropy(logits, targets))")
    elif k < 0.75:
        g.add("print(F.cross_entropy(logits, targets, reduction=%r))" % r.choice(["sum", "mean", "none"]))
    elif k < 0.85:
        g.add("print(F.cross_entropy(logits, targets, ignore_index=%d))" % r.randint(0, c - 1))
    else:
        g.add("print(F.log_softmax(logits, dim=-1)[:3], logits.log_softmax(1).argmax(dim=1)[:5])")
    if r.random() < 0.3:
        g.add("w = torch.randn(%d, %d, requires_grad=True)" % (n, c), "print(F.cross_entropy(w, targets))")


def s_misc(g):
    r = g.r
    k = r.randrange(4)
    if k == 0:
        g.add("s = set(%r)" % [r.randint(0, 5) for _ in range(r.randint(0, 8))],
              "print(len(s), sorted(s), %d in s)" % r.randint(0, 5))
    elif k == 1:
        g.add("z = torch.randn(%d, %d)" % (r.randint(1, 4), r.randint(1, 6)),
              "print(torch.argmax(z), z.argmax(dim=-1), z.long())")
    elif k == 2:
        b, t, c = r.randint(1, 3), r.randint(1, 4), r.randint(1, 5)
        g.add("l3 = torch.randn(%d, %d, %d)" % (b, t, c), "print(l3.view(%d, %d)[%r])" % (
            b * t, c, idx_list(r, b * t, 2)))
    else:
        g.add("emb = nn.Embedding(%d, %d)" % (r.randint(1, 9), r.randint(1, 5)), "print(emb)",
              "print(emb(torch.tensor([0])), emb.weight.shape)")


ERRORS = [
    "print(nn.Embedding(4, 2)(torch.tensor([4])))",
    "print(nn.Embedding(4, 2)(torch.tensor([1.0])))",
    "print(nn.Embedding(4, 2)([1]))",
    "print(F.cross_entropy(torch.randn(4, 8, 5), torch.randint(5, (4, 8))))",
    "print(F.cross_entropy(torch.randn(3, 5), torch.tensor([0, 5, 1])))",
    "print(F.cross_entropy(torch.randn(3, 5), torch.tensor([0, 1])))",
    "print(F.cross_entropy(torch.randn(3, 5), torch.tensor([0., 1., 2.])))",
    "print(torch.randint(5, 3, (2,)))",
    "print(torch.randint(5, 2))",
    "print(torch.multinomial(torch.tensor([1.0, 2.0]), 3))",
    "print(torch.multinomial(torch.tensor([0.0, 0.0]), 1))",
    "print(torch.multinomial(torch.tensor([-1.0, 2.0]), 1))",
    "print(torch.arange(6).view(2, 3)[[0, 2]])",
    "print(torch.arange(6).view(2, 3)[:, torch.tensor([3])])",
    "print(torch.arange(6).view(2, 3)[[0, 1], [0, 1, 2]])",
    "print(torch.arange(6).view(2, 3)[torch.tensor([0.0])])",
]


def script(r):
    g = cls_scripts.Gen(r)
    g.have_data = False
    g.add("torch.manual_seed(%d)" % r.choice([1337, 0, 42, r.randint(0, 10 ** 6)]))
    snippets = [s_index, s_randint, s_multinomial, s_loss, s_misc]
    if r.random() < 0.5:
        s_model(g)
    for _ in range(r.randint(1, 4)):
        r.choice(snippets + [s_model])(g)
    if r.random() < 0.15:
        g.add(r.choice(ERRORS))
    return HEAD + MODEL + "\n\n" + "\n".join(g.lines) + "\n"


def main():
    mode, rest = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if mode == "--batch":
        return cls_scripts.batch(int(rest[0]) if rest else 24, make=script, name="bigram")
    if mode != "--fuzz" or len(rest) < 2:
        sys.exit(__doc__)
    cls_scripts.fuzz(int(rest[0]), int(rest[1]), rest[2] if len(rest) > 2 else "/tmp/bigram-fuzz", 0, 0.0,
                     make=script, prefix="b")


if __name__ == "__main__":
    main()
