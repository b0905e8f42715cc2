#!/usr/bin/python3
"""gpt2_forward.py - goldens of GPT-2's forward pass for tests/modelrun.c.

Runs Hugging Face's GPT-2 math (GPT2Model's embeddings, GPT2Block,
GPT2Attention, GPT2MLP with NewGELUActivation, Conv1D as torch.addmm) in
PyTorch 1.13 directly, without the transformers package, on the tiny
folders of tests/model (tiny_gpt2.py writes them), reading model.safetensors
with json + torch.frombuffer.  For each case (folder, token ids, layer) it
writes every stage attn-explain shows: its name, the FNV-1a hash of its
float32 bits (token_ids: of the int64 ids) and print(stage), into
tests/model/forward.txt:

    case FOLDER LAYER ID,ID,...
    stage NAME HASH NLINES
    ...NLINES lines of print(stage)...

And tests/cli/model-*.{cmd,out,err}: attn-explain --model's output, its
text as the man page describes it, every tensor printed by torch and the
heat map's shades from torch's weights.  Also tests/model/norm-cases.txt: the kernels alone (layer norm over many
widths, tanh, the GELU, addmm) on inputs given as float bits, with the
hash of torch's result.  Run with the reference BLAS (re-executes itself):
    /usr/bin/python3 tests/gen/gpt2_forward.py
"""
import json
import math
import os
import struct
import sys

_REF_BLAS = '/usr/lib/x86_64-linux-gnu/blas'
if os.path.isdir(_REF_BLAS) and not os.environ.get('LD_LIBRARY_PATH', '').startswith(_REF_BLAS):
    os.environ['LD_LIBRARY_PATH'] = _REF_BLAS + (':' + os.environ['LD_LIBRARY_PATH'] if os.environ.get('LD_LIBRARY_PATH') else '')
    os.execv(sys.executable, [sys.executable] + sys.argv)

import torch
import torch.nn.functional as F

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "model")
DT = {"F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16}

CASES = [
    ("tiny-f32", [0], 0),
    ("tiny-f32", [5, 17, 2, 99, 3], 0),
    ("tiny-f32", [5, 17, 2, 99, 3], 1),
    ("tiny-f16", [10, 11, 12, 13, 14, 15, 16, 17, 18], 1),
    ("tiny-bf16", [1, 2, 3], 1),
    ("tiny-prefixed", [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], 1),
    ("tiny-wide-f16", [3, 1, 4, 1, 5, 9, 2, 6], 0),
    ("tiny-wide-f16", [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7], 1),
]


def fnv(data):
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & 0xffffffff
    return h


def bits_hash(t):
    if t.dtype == torch.int64:
        return fnv(t.contiguous().numpy().astype("<i8").tobytes())
    return fnv(t.contiguous().view(torch.int32).numpy().astype("<i4").tobytes())


def load(folder):
    d = os.path.join(HERE, folder)
    with open(os.path.join(d, "config.json")) as f:
        cfg = json.load(f)
    with open(os.path.join(d, "model.safetensors"), "rb") as f:
        raw = f.read()
    n = struct.unpack("<Q", raw[:8])[0]
    hdr = json.loads(raw[8:8 + n])
    data = raw[8 + n:]
    sd = {}
    for k, v in hdr.items():
        if k == "__metadata__" or v["dtype"] not in DT:
            continue
        b, e = v["data_offsets"]
        t = torch.frombuffer(bytearray(data[b:e]), dtype=DT[v["dtype"]]).reshape(v["shape"])
        sd[k.replace("transformer.", "")] = t.float()
    return cfg, sd


def gelu_new(x):
    """transformers' NewGELUActivation"""
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def conv1d(sd, name, x):
    """transformers' Conv1D: addmm(bias, x.view(-1, nx), weight)"""
    size_out = x.size()[:-1] + (sd[name + ".weight"].size(-1),)
    x = torch.addmm(sd[name + ".bias"], x.view(-1, x.size(-1)), sd[name + ".weight"])
    return x.view(size_out)


def attention(cfg, sd, l, x, keep):
    C, H = cfg["n_embd"], cfg["n_head"]
    d = C // H
    p = "h.%d." % l
    ln_1 = F.layer_norm(x, (C,), sd[p + "ln_1.weight"], sd[p + "ln_1.bias"], cfg["layer_norm_epsilon"])
    qkv = conv1d(sd, p + "attn.c_attn", ln_1)
    queries, keys, values = qkv.split(C, dim=2)
    heads = lambda t: t.view(t.size()[:-1] + (H, d)).permute(0, 2, 1, 3)
    qh, kh, vh = heads(queries), heads(keys), heads(values)
    attn_scores = torch.matmul(qh, kh.transpose(-1, -2))
    scaled = attn_scores / torch.full([], vh.size(-1) ** 0.5, dtype=attn_scores.dtype)
    T = x.size(1)
    mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
    masked = scaled.masked_fill(mask, -torch.inf)
    weights = torch.softmax(masked, dim=-1)
    # Hugging Face's torch.where(causal_mask, w, finfo.min) gives the same weights
    hf = torch.softmax(torch.where(~mask, scaled, torch.tensor(torch.finfo(scaled.dtype).min)), dim=-1)
    assert torch.equal(hf.view(torch.int32), weights.view(torch.int32))
    context = torch.matmul(weights, vh)
    merged = context.permute(0, 2, 1, 3).contiguous().view(x.size())
    output = conv1d(sd, p + "attn.c_proj", merged)
    keep.update(ln_1=ln_1, qkv=qkv, queries=queries, keys=keys, values=values, queries_heads=qh,
                keys_heads=kh, values_heads=vh, attn_scores=attn_scores, scaled_scores=scaled,
                masked_scores=masked, attn_weights=weights, context_vecs=context, merged=merged, output=output)
    return output


def block(cfg, sd, l, x):
    C = cfg["n_embd"]
    p = "h.%d." % l
    x = attention(cfg, sd, l, x, {}) + x
    h = F.layer_norm(x, (C,), sd[p + "ln_2.weight"], sd[p + "ln_2.bias"], cfg["layer_norm_epsilon"])
    h = conv1d(sd, p + "mlp.c_proj", gelu_new(conv1d(sd, p + "mlp.c_fc", h)))
    return x + h


def forward(folder, ids, layer):
    cfg, sd = load(folder)
    st = {}
    with torch.no_grad():
        st["token_ids"] = torch.tensor([ids])
        st["tok_emb"] = F.embedding(st["token_ids"], sd["wte.weight"])
        st["pos_emb"] = F.embedding(torch.arange(len(ids)), sd["wpe.weight"])
        st["x"] = st["tok_emb"] + st["pos_emb"]
        x = st["x"]
        if layer > 0:
            for l in range(layer):
                x = block(cfg, sd, l, x)
            st["residual"] = x
        attention(cfg, sd, layer, x, st)
    return st


ORDER = ["token_ids", "tok_emb", "pos_emb", "x", "residual", "ln_1", "qkv", "queries", "keys", "values",
         "queries_heads", "keys_heads", "values_heads", "attn_scores", "scaled_scores", "masked_scores",
         "attn_weights", "context_vecs", "merged", "output"]


def norm_cases(out):
    """the kernels alone: inputs as float bits, the hash of torch's result"""
    g = torch.Generator().manual_seed(2213)
    hexs = lambda t: " ".join("%08x" % (v & 0xffffffff) for v in t.contiguous().view(torch.int32).reshape(-1).tolist())
    for n in (1, 3, 7, 8, 9, 16, 64, 127, 129, 136, 257, 768):
        x = torch.randn(2, n, generator=g) * 2 + 0.5
        w = torch.randn(n, generator=g) * 0.2 + 1
        b = torch.randn(n, generator=g) * 0.2
        y = F.layer_norm(x, (n,), w, b, 1e-5)
        out.write("layer_norm 2 %d %08x\n%s\n%s\n%s\n" % (n, bits_hash(y), hexs(x), hexs(w), hexs(b)))
    x = torch.cat([torch.randn(1000, generator=g) * 3, torch.linspace(-10, 10, 401),
                   torch.tensor([0.0, -0.0, 8.664339742, 8.67, -8.67, 1e-30, -1e-7, float("inf"), float("-inf")])])
    out.write("tanh %d %08x\n%s\n" % (x.numel(), bits_hash(torch.tanh(x)), hexs(x)))
    out.write("gelu_new %d %08x\n%s\n" % (x.numel(), bits_hash(gelu_new(x)), hexs(x)))
    for M, N, K in ((3, 24, 8), (5, 96, 33)):
        x = torch.randn(M, K, generator=g)
        w = torch.randn(K, N, generator=g) * 0.2
        b = torch.randn(N, generator=g)
        out.write("addmm %d %d %d %08x\n%s\n%s\n%s\n" % (M, N, K, bits_hash(torch.addmm(b, x, w)), hexs(x), hexs(w), hexs(b)))
    # one column (n_embd 1's c_proj): the output's strides make addmm_impl_cpu_ sum from zero, the bias last
    for M, N, K in ((2, 1, 4), (1, 1, 9), (7, 1, 33), (3, 1, 1)):
        x = torch.randn(M, K, generator=g)
        w = torch.randn(K, N, generator=g) * 0.2
        b = torch.randn(N, generator=g) * 3
        out.write("addmm %d %d %d %08x\n%s\n%s\n%s\n" % (M, N, K, bits_hash(torch.addmm(b, x, w)), hexs(x), hexs(w), hexs(b)))


WHAT = {
    "token_ids": "the text's GPT-2 token ids", "tok_emb": "each token's row of wte",
    "pos_emb": "each position's row of wpe", "x": "token plus position: the stream entering block 0",
    "residual": "the stream entering this layer", "ln_1": "layer norm before attention",
    "qkv": "c_attn: queries, keys and values in one Conv1D", "queries": "what each token is looking for",
    "keys": "what each token offers to be found by", "values": "what each token passes on",
    "queries_heads": "queries split into heads", "keys_heads": "keys split into heads",
    "values_heads": "values split into heads", "attn_scores": "each query against each key",
    "scaled_scores": "scores divided by sqrt(head_dim)", "masked_scores": "future positions set to -inf",
    "attn_weights": "softmax: each row sums to 1", "context_vecs": "weighted sums of the values",
    "merged": "the heads side by side again", "output": "c_proj: the attention's output",
}


def code(name, cfg, T, L, ids):
    """the PyTorch line each cell shows (written by hand, as the contract in the man page)"""
    C, H = cfg["n_embd"], cfg["n_head"]
    d = C // H
    eps = "%g" % cfg["layer_norm_epsilon"]
    lines = {
        "token_ids": "token_ids = torch.tensor([[%s]])" % ", ".join(map(str, ids)),
        "tok_emb": 'tok_emb = sd["wte.weight"][token_ids]',
        "pos_emb": 'pos_emb = sd["wpe.weight"][torch.arange(%d)]' % T,
        "x": "x = tok_emb + pos_emb",
        "residual": "residual = x\nfor l in range(%d): residual = block(l, residual)  "
                    "# ln_1, attention, +, ln_2, MLP with gelu_new, +" % L,
        "ln_1": 'ln_1 = F.layer_norm(%s, (%d,), sd["h.%d.ln_1.weight"], sd["h.%d.ln_1.bias"], %s)'
                % ("residual" if L else "x", C, L, L, eps),
        "qkv": 'qkv = torch.addmm(sd["h.%d.attn.c_attn.bias"], ln_1.view(-1, %d), sd["h.%d.attn.c_attn.weight"])'
               '.view(1, %d, %d)' % (L, C, L, T, 3 * C),
        "attn_scores": "attn_scores = queries_heads @ keys_heads.transpose(2, 3)",
        "scaled_scores": "scaled_scores = attn_scores / %d ** 0.5" % d,
        "masked_scores": "masked_scores = scaled_scores.masked_fill(torch.triu(torch.ones(%d, %d, dtype=torch.bool), "
                         "diagonal=1), -torch.inf)" % (T, T),
        "attn_weights": "attn_weights = torch.softmax(masked_scores, dim=-1)",
        "context_vecs": "context_vecs = attn_weights @ values_heads",
        "merged": "merged = context_vecs.transpose(1, 2).contiguous().view(1, %d, %d)" % (T, C),
        "output": 'output = torch.addmm(sd["h.%d.attn.c_proj.bias"], merged.view(-1, %d), sd["h.%d.attn.c_proj.weight"])'
                  '.view(1, %d, %d)' % (L, C, L, T, C),
    }
    for n in ("queries", "keys", "values"):
        lines[n] = "queries, keys, values = qkv.split(%d, dim=2)" % C
        lines[n + "_heads"] = "%s_heads = %s.view(1, %d, %d, %d).transpose(1, 2)" % (n, n, T, H, d)
    return lines[name].split("\n")


def dims(name):
    return {"token_ids": "(B, T)", "pos_emb": "(T, C)", "qkv": "(B, T, 3C)"}.get(name, (
        "(B, H, T, head_dim)" if name.endswith("_heads") or name == "context_vecs" else
        "(B, H, T, T)" if name in ("attn_scores", "scaled_scores", "masked_scores", "attn_weights") else "(B, T, C)"))


def cli_out(folder, ids, layer, head, labels):
    """what attn-explain --model prints: text by hand, every tensor and shade from torch"""
    cfg, _ = load(folder)
    st = forward(folder, ids, layer)
    names = [n for n in ORDER if n in st]
    out = []
    for i, n in enumerate(names):
        t = st[n]
        out.append("[%d/%d] %s: %s" % (i + 1, len(names), n, WHAT[n]))
        out += ["  >>> " + l for l in code(n, cfg, len(ids), layer, ids)]
        if head is not None and t.dim() == 4:
            t = t[0, head]
            out.append("  >>> %s[0, %d]" % (n, head))
            d = "(T, T)" if t.size(1) == len(ids) and n not in ("queries_heads", "keys_heads", "values_heads", "context_vecs") \
                else "(T, head_dim)"
        else:
            d = dims(n)
        out.append("  shape %s = (%s)" % (d, ", ".join(map(str, t.shape))))
        out.append(str(t))
        out.append("")
    if labels is not None:
        h = 0 if head is None else head
        w = st["attn_weights"][0, h]
        out.append("attn_weights[0, %d] (layer %d, head %d): rows are queries, columns keys; \u2588 near 1, blank 0"
                   % (h, layer, h))
        for i in range(len(ids)):
            row = ""
            for j in range(len(ids)):
                v = float(w[i, j])
                row += "\u00b7" if j > i else " " if v <= 0 else "\u2591" if v < 0.25 else "\u2592" if v < 0.5 \
                    else "\u2593" if v < 0.75 else "\u2588"
            out.append("%3d %s %s" % (i, labels[i].ljust(12), row))
    return "\n".join(out) + "\n"


CLI = [
    # name, folder, ids (or text: its ids and labels from OpenAI's encoder, tests/model/bpe-small.jsonl), layer, head, heatmap
    ("model-tokens-layer1-head1", "tiny-f32", [5, 17, 2, 99, 3], None, 1, 1, False),
    ("model-text-wide-heatmap", "tiny-wide-f16", None, "Your journey starts with one step", 1, None, True),
    ("model-text-bf16-layer0", "tiny-bf16", None, "Your journey starts with one step", 0, 0, True),
]


def cli_cases():
    cli = os.path.join(HERE, "..", "cli")
    with open(os.path.join(HERE, "bpe-small.jsonl"), encoding="utf-8") as f:
        enc = {c["text"]: c for c in map(json.loads, f) if "text" in c and "ids" in c}
    for name, folder, ids, text, layer, head, hm in CLI:
        labels = None
        cmd = "$BIN --model tests/model/%s" % folder
        if text is not None:
            ids, labels = enc[text]["ids"], enc[text]["labels"]
            cmd += " --text '%s'" % text
        else:
            cmd += " --tokens %s" % ",".join(map(str, ids))
        cmd += " --layer %d" % layer + ("" if head is None else " --head %d" % head) + (" --heatmap" if hm else "")
        with open(os.path.join(cli, name + ".cmd"), "w") as f:
            f.write(cmd + "\n")
        with open(os.path.join(cli, name + ".out"), "w", encoding="utf-8") as f:
            f.write(cli_out(folder, ids, layer, head, labels if hm else None))
        with open(os.path.join(cli, name + ".err"), "w") as f:
            f.write("status 0\n")


def shortest(v):
    """a float32 as its shortest round-trip digits (attn-explain's print_shortest)"""
    import numpy as np
    return np.format_float_positional(np.float32(v), unique=True, trim="-")


def why_text(folder, ids, layer, labels, exprs):
    """--why's text (the words by hand, as gpt2_why.c's contract; every number from torch)"""
    st = forward(folder, ids, layer)
    out = []
    for name, (h, i, j) in exprs:
        v = st[name][0, h, i, j]
        out.append("%s[0, %d, %d, %d] = %s  (layer %d, head %d; query %d \"%s\", key %d \"%s\")"
                   % (name, h, i, j, shortest(v), layer, h, i, labels[i], j, labels[j]))
        d = st["queries_heads"].size(-1)
        if name == "attn_scores":
            out.append("  = queries_heads[0, %d, %d] . keys_heads[0, %d, %d]  (%d products, summed)" % (h, i, h, j, d))
            q, k = st["queries_heads"][0, h, i], st["keys_heads"][0, h, j]
            out.append("  = " + " + ".join("%.4f * %.4f" % (q[n], k[n]) for n in range(d)))
        elif name == "scaled_scores":
            out.append("  = attn_scores[0, %d, %d, %d] / sqrt(%d) = %.4f / %g" % (h, i, j, d, st["attn_scores"][0, h, i, j], math.sqrt(d)))
        elif name == "masked_scores":
            out.append("  = -inf: key %d comes after query %d, and GPT-2 is causal (a token sees only the past)" % (j, i))
        elif name == "attn_weights":
            row = st["masked_scores"][0, h, i, :i + 1].double()
            m = row.max()
            out.append("  = exp(masked_scores[0, %d, %d, %d] - max) / sum over the row's %d unmasked keys" % (h, i, j, i + 1))
            out.append("  = exp(%.4f - %.4f) / %.4f" % (row[j], m, float(torch.exp((row - m).float()).double().sum())))
        out.append("")
    return "\n".join(out[:-1]) + "\n"


MODES = [
    # name, folder, ids or text, layer, head, options after them, what torch prints (a function of the stages)
    ("model-print-stages", "tiny-f32", [5, 17, 2, 99, 3], 1, None,
     " --print attn_weights --print 'attn_weights[0, 1].sum(-1)' --print token_ids --print 'ln_1.shape'",
     lambda st: "%s\n%s\n%s\n%s\n" % (st["attn_weights"], st["attn_weights"][0, 1].sum(-1), st["token_ids"],
                                      st["ln_1"].shape)),
    ("model-print-heads", "tiny-wide-f16", "Your journey starts with one step", 0, None,
     " --print 'keys_heads[0, 1]' --print 'output[0, -1]'",
     lambda st: "%s\n%s\n" % (st["keys_heads"][0, 1], st["output"][0, -1])),
]


def mode_cases():
    cli = os.path.join(HERE, "..", "cli")
    with open(os.path.join(HERE, "bpe-small.jsonl"), encoding="utf-8") as f:
        enc = {c["text"]: c for c in map(json.loads, f) if "text" in c and "ids" in c}
    for name, folder, ids, layer, head, opts, fn in MODES:
        cmd = "$BIN --model tests/model/%s" % folder
        if isinstance(ids, str):
            cmd += " --text '%s'" % ids
            ids = enc[ids]["ids"]
        else:
            cmd += " --tokens %s" % ",".join(map(str, ids))
        cmd += " --layer %d" % layer + ("" if head is None else " --head %d" % head) + opts
        with open(os.path.join(cli, name + ".cmd"), "w") as f:
            f.write(cmd + "\n")
        with open(os.path.join(cli, name + ".out"), "w", encoding="utf-8") as f:
            f.write(fn(forward(folder, ids, layer)))
        with open(os.path.join(cli, name + ".err"), "w") as f:
            f.write("status 0\n")
    # an input file naming the model: the same cells as the options give
    with open(os.path.join(cli, "model-input-file.cmd"), "w") as f:
        f.write("$BIN tests/model/run-tiny-f32.json\n")
    with open(os.path.join(HERE, "run-tiny-f32.json"), "w") as f:
        f.write('{"model": "tiny-f32", "tokens": [5, 17, 2, 99, 3], "layer": 1, "head": 1}\n')
    with open(os.path.join(cli, "model-input-file.out"), "w", encoding="utf-8") as f:
        f.write(cli_out("tiny-f32", [5, 17, 2, 99, 3], 1, 1, None))
    with open(os.path.join(cli, "model-input-file.err"), "w") as f:
        f.write("status 0\n")
    # --why on the book's sentence
    text = "Your journey starts with one step"
    exprs = [("attn_weights", (1, 3, 2)), ("attn_scores", (1, 3, 2)), ("scaled_scores", (0, 1, 0)),
             ("masked_scores", (0, 1, 3))]
    with open(os.path.join(cli, "model-why.cmd"), "w") as f:
        f.write("$BIN --model tests/model/tiny-f32 --text '%s' --layer 1 %s\n"
                % (text, " ".join("--why '%s[0, %d, %d, %d]'" % ((n,) + x) for n, x in exprs)))
    with open(os.path.join(cli, "model-why.out"), "w", encoding="utf-8") as f:
        f.write(why_text("tiny-f32", enc[text]["ids"], 1, enc[text]["labels"], exprs))
    with open(os.path.join(cli, "model-why.err"), "w") as f:
        f.write("status 0\n")


def check_case():
    """--check THEIRS: a learner's prints (one of them wrong: divided by head_dim = 4, scale-by-d), the report by
    hand from check's words"""
    cli = os.path.join(HERE, "..", "cli")
    ids = [5, 17, 2, 99, 3]
    st = forward("tiny-f32", ids, 1)
    theirs = ">>> queries\n%s\n>>> attn_weights[0, 1]\n%s\n>>> scaled_scores\n%s\n>>> context_vecs\n%s\n" % (
        st["queries"], st["attn_weights"][0, 1], st["attn_scores"] / 4, st["context_vecs"])
    with open(os.path.join(HERE, "theirs-tiny-f32.txt"), "w") as f:
        f.write(theirs)
    with open(os.path.join(cli, "model-check.cmd"), "w") as f:
        f.write("$BIN --model tests/model/tiny-f32 --tokens %s --layer 1 --check tests/model/theirs-tiny-f32.txt\n"
                % ",".join(map(str, ids)))
    bad = st["attn_scores"] / 4
    sc = st["scaled_scores"]
    k = next(n for n in range(bad.numel()) if abs(float(bad.reshape(-1)[n]) - float(sc.reshape(-1)[n])) > 1e-4)
    idx = []
    for d in reversed(bad.shape):
        idx.insert(0, k % d)
        k //= d
    theirs_v = float("%.4f" % float(bad[tuple(idx)]))
    with open(os.path.join(cli, "model-check.out"), "w") as f:
        line = theirs.split("\n").index(">>> attn_weights[0, 1]") + 2
        f.write("queries: matches queries\nthe tensor at line %d: matches attn_weights[0, 1]\n" % line +
                "scaled_scores: differs from scaled_scores at [%s]: theirs %.9g, ours %.9g\n"
                "  mistake: scale-by-d (divided by head_dim instead of sqrt(head_dim)): it gives scaled_scores\n"
                "context_vecs: matches context_vecs\n3 of 4 match\n"
                % (", ".join(map(str, idx)), theirs_v, float(sc[tuple(idx)])))
    with open(os.path.join(cli, "model-check.err"), "w") as f:
        f.write("status 3\n")


def repl_case():
    """-i --model: set layer/head recompute; every tensor from torch, the rest by hand (gpt2_repl.c's words)"""
    cli = os.path.join(HERE, "..", "cli")
    ids = [5, 17, 2, 99, 3]
    with open(os.path.join(cli, "model-repl.cmd"), "w") as f:
        f.write("printf 'attn_weights[0, 1]\\nset layer 0\\nset head 5\\nattn_weights[0, 1].sum()\\nset tokens 5,17\\n"
                "keys\\nquit\\n' | $BIN -i --model tests/model/tiny-f32 --tokens 5,17,2,99,3 --layer 1\n")
    a = forward("tiny-f32", ids, 1)
    b = forward("tiny-f32", ids, 0)
    c = forward("tiny-f32", [5, 17], 0)
    with open(os.path.join(cli, "model-repl.out"), "w") as f:
        f.write("attn-explain: tests/model/tiny-f32, layer 1, head 0, 5 tokens; help lists the commands\n"
                ">>> %r\n>>> layer 0, head 0, 5 tokens: recomputed\n>>> >>> %r\n"
                ">>> layer 0, head 0, 2 tokens: recomputed\n>>> %r\n>>> \n"
                % (a["attn_weights"][0, 1], b["attn_weights"][0, 1].sum(), c["keys"]))
    with open(os.path.join(cli, "model-repl.err"), "w") as f:
        f.write("attn-explain: tests/model/tiny-f32: --head 5, expected 0 to 1 (n_head 2)\nstatus 0\n")


def main():
    with open(os.path.join(HERE, "forward.txt"), "w") as out:
        for folder, ids, layer in CASES:
            st = forward(folder, ids, layer)
            out.write("case %s %d %s\n" % (folder, layer, ",".join(map(str, ids))))
            for name in ORDER:
                if name not in st:
                    continue
                text = str(st[name])
                out.write("stage %s %08x %d\n%s\n" % (name, bits_hash(st[name]), text.count("\n") + 1, text))
    with open(os.path.join(HERE, "norm-cases.txt"), "w") as out:
        norm_cases(out)
    cli_cases()
    mode_cases()
    check_case()
    repl_case()


if __name__ == "__main__":
    main()
