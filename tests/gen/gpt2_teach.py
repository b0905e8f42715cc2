#!/usr/bin/python3
"""gpt2_teach.py - goldens of --model's teaching modes beyond the cells
(tests/cli/model-why-*, model-heatmap-*): --why on every stage before
the scores (token_ids, tok_emb, pos_emb, x, residual, ln_1, qkv, the
split, the head views, merged, output) and the heat map drawn as a figure.
The words are by hand, from gpt2_why.c's and gpt2_figure.c's contract;
every number comes from PyTorch 1.13 running Hugging Face's GPT-2 math
(gpt2_forward.py's forward(), on tests/model's tiny random-weight folders).
Numbers are shown as print() shows a 0-d tensor, the element itself as its
shortest round-trip digits.  Run with the reference BLAS:
    /usr/bin/python3 tests/gen/gpt2_teach.py
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpt2_forward as gf  # noqa: E402  (re-executes itself with the reference BLAS)
import numpy as np  # noqa: E402
import torch  # noqa: E402

HERE = gf.HERE
CLI = os.path.join(HERE, "..", "cli")
TEXT = "Your journey starts with one step"


def pt(v):
    """a number as print() shows a 0-d float32 tensor, without tensor( and )"""
    s = str(torch.tensor(float(v), dtype=torch.float32))
    return s[len("tensor("):-1].strip()


def shortest(v):
    """print_shortest(): the fewest %g digits that read back as the same float32"""
    f = np.float32(v)
    if f == 0 and np.signbit(f):
        return "-0.0"
    for p in range(1, 10):
        s = "%.*g" % (p, float(f))
        if np.float32(float(s)) == f:
            return s
    return "%.9g" % float(f)


def terms(bias, xs, ws, verbose, last=False):
    """the sum's terms in torch.addmm's order: from the bias, or (last: one output column) from 0, the bias at the end"""
    K = len(xs)
    a, b = ("  =", "  =") if last else ("  = " + pt(bias), "  = " + pt(bias))
    for k in range(K):
        if not verbose and 4 <= k < K - 1:
            if k == 4:
                more = " + ... (%d more; -v shows every term)" % (K - 5)
                a += more
                b += more
            continue
        plus = " " if last and k == 0 else " + "
        a += "%s%s * %s" % (plus, pt(xs[k]), pt(ws[k]))
        b += "%s%s" % (plus, pt(xs[k] * ws[k]))
    if last:
        a += " + " + pt(bias)
        b += " + " + pt(bias)
    return [a, b]


def why(st, cfg, sd, layer, ids, labels, name, ix, verbose):
    C, H = cfg["n_embd"], cfg["n_head"]
    d = C // H
    eps = cfg["layer_norm_epsilon"]
    lab = lambda t: labels[t] if labels is not None else ""
    out = []
    if name == "token_ids":
        t = ix[1]
        out.append('token_ids[0, %d] = %d  (token %d "%s")' % (t, ids[t], t, lab(t)))
        out.append("  = the id of this token in vocab.json: GPT-2's byte-level BPE of the text (\u2423 marks a leading space)"
                   if labels is not None else "  = the id as given by --tokens")
        return out
    if name.endswith("_heads"):
        h, t, j = ix[1], ix[2], ix[3]
        v = st[name][0, h, t, j]
        out.append('%s[0, %d, %d, %d] = %s  (layer %d, head %d; token %d "%s")' % (name, h, t, j, shortest(v), layer, h, t, lab(t)))
        src = name[:-len("_heads")]
        out.append("  = %s[0, %d, %d]   (view(1, %d, %d, %d).transpose(1, 2): head %d is columns %d .. %d)"
                   % (src, t, h * d + j, len(ids), H, d, h, h * d, h * d + d - 1))
        out.append("  = " + pt(st[src][0, t, h * d + j]))
        return out
    if name == "pos_emb":
        t, j = ix
        v = st[name][t, j]
    else:
        t, j = ix[1], ix[2]
        v = st[name][0, t, j]
    head = "%s[%s%d, %d] = %s  (" % (name, "" if name == "pos_emb" else "0, ", t, j, shortest(v))
    if name not in ("tok_emb", "pos_emb", "x", "residual"):
        head += "layer %d, " % layer
    head += '%s %d "%s"' % ("position" if name == "pos_emb" else "token", t, lab(t))
    if name == "tok_emb":
        head += ", id %d" % ids[t]
    if name == "qkv":
        head += "; %s, head %d, dimension %d" % (["queries", "keys", "values"][j // C], j % C // d, j % d)
    out.append(head + ")")
    p = "h.%d." % layer
    if name == "tok_emb":
        out.append("  = wte.weight[%d, %d]   (row token_ids[0, %d] = %d of wte, one row per vocabulary entry)" % (ids[t], j, t, ids[t]))
        assert torch.equal(sd["wte.weight"][ids[t], j], v)
        out.append("  = " + pt(v))
    elif name == "pos_emb":
        out.append("  = wpe.weight[%d, %d]   (row %d of wpe, one row per position)" % (t, j, t))
        out.append("  = " + pt(sd["wpe.weight"][t, j]))
    elif name == "x":
        a, b = st["tok_emb"][0, t, j], st["pos_emb"][t, j]
        out.append("  = tok_emb[0, %d, %d] + pos_emb[%d, %d]" % (t, j, t, j))
        out.append("  = %s + %s" % (pt(a), pt(b)))
        out.append("  = " + pt(a + b))
    elif name == "residual":
        out.append("  = x[0, %d, %d] after blocks 0 .. %d, each x = x + attn(ln_1(x)), then x = x + mlp(ln_2(x))" % (t, j, layer - 1))
        out.append("    (ln_2 and the MLP are not kept as stages: set layer %d and ask why of its output)" % (layer - 1))
        out.append("    x[0, %d, %d] = %s   (the stream entering block 0)" % (t, j, pt(st["x"][0, t, j])))
    elif name == "ln_1":
        src = "residual" if "residual" in st else "x"
        row = st[src][0, t]
        var, mean = torch.var_mean(row, unbiased=False)
        out.append("  = (%s[0, %d, %d] - mean) / sqrt(var + eps) * h.%d.ln_1.weight[%d] + h.%d.ln_1.bias[%d]" % (src, t, j, layer, j, layer, j))
        out.append("    mean = %s[0, %d].mean() = %s   (over the row's %d features)" % (src, t, pt(mean), C))
        out.append("    var = %s[0, %d].var(unbiased=False) = %s" % (src, t, pt(var)))
        out.append("  = (%s - %s) / sqrt(%s + %g) * %s + %s" % (pt(row[j]), pt(mean), pt(var), eps,
                   pt(sd[p + "ln_1.weight"][j]), pt(sd[p + "ln_1.bias"][j])))
        out.append("  = " + pt(v))
    elif name in ("qkv", "output"):
        src, w = ("ln_1", "attn.c_attn") if name == "qkv" else ("merged", "attn.c_proj")
        last = sd[p + w + ".weight"].size(1) == 1  # one output column: addmm sums from 0, the bias last
        if last:
            out.append("  = sum over k < %d of %s[0, %d, k] * h.%d.%s.weight[k, %d] + h.%d.%s.bias[%d]" % (C, src, t, layer, w, j, layer, w, j))
            out.append("    (torch.addmm with one output column: the sum starts at 0 and adds each product, rounded, in order")
            out.append("    of k; the bias is added to the finished sum)")
        else:
            out.append("  = h.%d.%s.bias[%d] + sum over k < %d of %s[0, %d, k] * h.%d.%s.weight[k, %d]" % (layer, w, j, C, src, t, layer, w, j))
            out.append("    (torch.addmm: the sum starts at the bias, then adds each product, rounded, in order of k)")
        out += terms(sd[p + w + ".bias"][j], st[src][0, t], sd[p + w + ".weight"][:, j], verbose, last)
        out.append("  = " + pt(v))
    elif name in ("queries", "keys", "values"):
        off = ["queries", "keys", "values"].index(name) * C
        out.append("  = qkv[0, %d, %d]   (qkv.split(%d, dim=2): %s are qkv's columns %d .. %d)" % (t, off + j, C, name, off, off + C - 1))
        out.append("  = " + pt(st["qkv"][0, t, off + j]))
    elif name == "merged":
        out.append("  = context_vecs[0, %d, %d, %d]   (transpose(1, 2), then view: column %d is head %d's dimension %d)"
                   % (j // d, t, j % d, j, j // d, j % d))
        out.append("  = " + pt(st["context_vecs"][0, j // d, t, j % d]))
    return out


WHY = [
    # name, folder, text or ids, layer, verbose, expressions (name, index)
    ("model-why-stages", "tiny-f32", TEXT, 1, False,
     [("token_ids", (0, 1)), ("tok_emb", (0, 1, 3)), ("pos_emb", (2, 5)), ("x", (0, 1, 3)), ("residual", (0, 2, 1)),
      ("ln_1", (0, 1, 3)), ("qkv", (0, 2, 13)), ("queries", (0, 4, 0)), ("keys", (0, 2, 5)), ("values", (0, 5, 7)),
      ("queries_heads", (0, 0, 3, 2)), ("keys_heads", (0, 1, 2, 1)), ("values_heads", (0, 1, 5, 3)),
      ("merged", (0, 3, 6)), ("output", (0, 3, 6))]),
    ("model-why-stages-wide", "tiny-wide-f16", TEXT, 0, False,
     [("ln_1", (0, 0, 0)), ("ln_1", (0, 5, 15)), ("qkv", (0, 3, 40)), ("output", (0, 5, 1)), ("x", (0, 0, 2))]),
    ("model-why-stages-verbose", "tiny-wide-f16", TEXT, 1, True,
     [("token_ids", (0, 2)), ("qkv", (0, 5, 0)), ("output", (0, 0, 9)), ("ln_1", (0, 4, 6))]),
    # n_embd 1: c_proj has one output column, so addmm sums from 0 and adds the bias last (qkv's three start at it)
    ("model-why-embd1", "fuzz-c1", [89, 141, 131], 1, False,
     [("qkv", (0, 2, 1)), ("output", (0, 2, 0)), ("output", (0, 0, 0))]),
]


def vocab_labels(folder, ids):
    """the tokens' texts as attn-explain labels ids given by --tokens: from the folder's encoder.json, else none"""
    path = os.path.join(HERE, folder, "encoder.json")
    if not os.path.exists(path):
        return None
    import bpe_cases
    with open(path, encoding="utf-8") as f:
        inv = {v: k for k, v in json.load(f).items()}
    dec = {v: k for k, v in bpe_cases.bytes_to_unicode().items()}
    return [bpe_cases.label(inv, dec, i) for i in ids]


def why_cases(enc):
    for name, folder, src, layer, verbose, exprs in WHY:
        cfg, sd = gf.load(folder)
        if isinstance(src, str):
            ids, labels = enc[src]["ids"], enc[src]["labels"]
            how = "--text '%s'" % src
        else:
            ids, labels = src, vocab_labels(folder, src)
            how = "--tokens %s" % ",".join(map(str, ids))
        st = gf.forward(folder, ids, layer)
        with torch.no_grad():
            text = []
            for n, ix in exprs:
                text.append("\n".join(why(st, cfg, sd, layer, ids, labels, n, ix, verbose)))
        with open(os.path.join(CLI, name + ".cmd"), "w") as f:
            f.write("$BIN --model tests/model/%s %s --layer %d%s %s\n" % (folder, how, layer, " -v" if verbose else "",
                    " ".join("--why '%s[%s]'" % (n, ", ".join(map(str, ix))) for n, ix in exprs)))
        with open(os.path.join(CLI, name + ".out"), "w", encoding="utf-8") as f:
            f.write("\n\n".join(text) + "\n")
        with open(os.path.join(CLI, name + ".err"), "w") as f:
            f.write("status 0\n")


SVG_TEXTS = ("python3 -c 'import sys, xml.etree.ElementTree as E; "
             "[print(t.text) for t in E.parse(sys.argv[1]).getroot().iter(\"{http://www.w3.org/2000/svg}text\")]' ")


def heatmap_cases(enc):
    """--heatmap -o FILE: the SVG's texts (title, token labels, numbers as print(t) writes them, legend)"""
    ids, labels = enc[TEXT]["ids"], enc[TEXT]["labels"]
    T = len(ids)
    lab = ["%d %s" % (i, labels[i]) for i in range(T)]
    for name, folder, layer, head in (("model-heatmap-svg", "tiny-f32", 1, 1), ("model-heatmap-svg-heads", "tiny-wide-f16", 0, None)):
        st = gf.forward(folder, ids, layer)
        w = st["attn_weights"][0]
        heads = range(w.size(0)) if head is None else [head]
        opts = " --head %d --numbers" % head if head is not None else ""
        with open(os.path.join(CLI, name + ".cmd"), "w") as f:
            f.write("$BIN --model tests/model/%s --text '%s' --layer %d%s --heatmap -f -o \"$TMP/m.svg\" && %s\"$TMP/m.svg\"\n"
                    % (folder, TEXT, layer, opts, SVG_TEXTS))
        if head is None:
            out = ["attn_weights[0]  (tests/model/%s, layer %d, every head)" % (folder, layer)]
        else:
            out = ["attn_weights[0, %d]  (tests/model/%s, layer %d, head %d)" % (head, folder, layer, head)]
        for h in heads:
            if head is None:
                out.append("head %d" % h)
            out += lab + lab
            if head is not None:
                nums = str(w[h]).replace("tensor(", "").replace("[", " ").replace("]", " ").replace(",", " ").replace(")", " ").split()
                out += [nums[i * T + j] for i in range(T) for j in range(i + 1)]
        out += ["1", "0", "= masked (a future token: -inf before softmax, weight 0)"]
        with open(os.path.join(CLI, name + ".out"), "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
        with open(os.path.join(CLI, name + ".err"), "w") as f:
            f.write("status 0\n")


def repl_case(enc):
    """-i --model: show, print, Python variables kept across set, diff, why, check; the words by hand
    (gpt2_repl.c's), every tensor and number from torch"""
    ids, labels = enc[TEXT]["ids"], enc[TEXT]["labels"]
    cfg, sd = gf.load("tiny-f32")
    a = gf.forward("tiny-f32", ids, 1)
    b = gf.forward("tiny-f32", ids, 0)
    c = gf.forward("tiny-f32", ids[:3], 0)
    theirs = ">>> queries\n%s\n>>> attn_weights[0, 1]\n%s\n" % (b["queries"], b["attn_weights"][0, 1])
    with open(os.path.join(HERE, "theirs-book-tiny-f32.txt"), "w") as f:
        f.write(theirs)
    lines = ["show", "p attn_weights[0, 1, 2]", "mine = ln_1[0, 0].sum()", "set layer 0", "d attn_weights[0, 1, 2]",
             "mine", "w x[0, 1, 3]", "check tests/model/theirs-book-tiny-f32.txt", "set tokens %s" % ",".join(map(str, ids[:3])),
             "show", "print keys_heads[0, 1]", "set head 7", "d ln_1.shape", "# a comment", "q"]
    with open(os.path.join(CLI, "model-repl-commands.cmd"), "w") as f:
        f.write("printf '%s\\n' | $BIN -i --model tests/model/tiny-f32 --text '%s' --layer 1\n"
                % ("\\n".join(lines), TEXT))
    with torch.no_grad():
        mine = a["ln_1"][0, 0].sum()
        out = ["attn-explain: tests/model/tiny-f32, layer 1, head 0, 6 tokens; help lists the commands",
               ">>> model tests/model/tiny-f32", "layer 1", "head 0 (the cells show every head)", "text " + TEXT,
               "tokens " + ", ".join(map(str, ids)),
               ">>> %s" % a["attn_weights"][0, 1, 2],
               ">>> >>> layer 0, head 0, 6 tokens: recomputed",
               ">>> before (layer 1, head 0, 6 tokens):", str(a["attn_weights"][0, 1, 2]),
               "after (layer 0, head 0, 6 tokens):", str(b["attn_weights"][0, 1, 2]),
               ">>> %r" % mine,
               ">>> " + "\n".join(why(b, cfg, sd, 0, ids, labels, "x", (0, 1, 3), False)),
               ">>> queries: matches queries", "the tensor at line %d: matches attn_weights[0, 1]"
               % (theirs.split("\n").index(">>> attn_weights[0, 1]") + 2), "2 of 2 match",
               ">>> layer 0, head 0, 3 tokens: recomputed",
               ">>> model tests/model/tiny-f32", "layer 0", "head 0 (the cells show every head)",
               "tokens " + ", ".join(map(str, ids[:3])),
               ">>> %s" % c["keys_heads"][0, 1],
               ">>> >>> before (layer 0, head 0, 6 tokens):", str(b["ln_1"].shape),
               "after (layer 0, head 0, 3 tokens):", str(c["ln_1"].shape), ">>> >>> "]
    with open(os.path.join(CLI, "model-repl-commands.out"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(CLI, "model-repl-commands.err"), "w") as f:
        f.write("attn-explain: tests/model/tiny-f32: --head 7, expected 0 to 1 (n_head 2)\nstatus 0\n")


MISTAKES = {
    "no-scale": "scores not scaled before softmax",
    "scale-by-d": "divided by head_dim instead of sqrt(head_dim)",
    "scale-by-d-in": "scaled by the embedding width n_embd instead of the head width",
    "no-mask": "the causal mask left out",
    "mask-with-zero": "future scores set to 0 instead of -inf before softmax",
    "mask-diagonal": "the mask hides the diagonal too",
    "mask-inverted": "the past is masked instead of the future",
    "softmax-wrong-dim": "softmax over the query axis: columns sum to 1",
    "mask-after-softmax": "causal mask applied after softmax, rows not renormalised",
    "queries-keys-swapped": "scores transposed: keys times queries",
    "queries-are-keys": "the keys used in place of the queries",
    "heads-not-transposed": "heads split or merged with view and no transpose",
    "no-out-proj": "the output projection c_proj left out",
    "no-residual": "a block's residual left out: x = attn(ln_1(x)) or x = mlp(ln_2(x)), not x = x + ...",
    "layer-norm-eps": "layer norm's eps not GPT-2's layer_norm_epsilon (1e-12, 1e-6 or none; or added to the std)",
}


def mistakes_case(enc):
    """--check THEIRS where THEIRS are prints of GPT-2's attention with a mistake written in, each made by torch;
    the report's mistake lines (and summary) must name it"""
    ids = enc[TEXT]["ids"]
    T = len(ids)
    cfg, sd = gf.load("tiny-f32")
    C, H = cfg["n_embd"], cfg["n_head"]
    d = C // H
    st = gf.forward("tiny-f32", ids, 1)
    qh, kh, vh = st["queries_heads"], st["keys_heads"], st["values_heads"]
    scores = st["attn_scores"]
    mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
    sm = lambda x, dim=-1: torch.softmax(x, dim=dim)
    scaled = scores / d ** 0.5
    with torch.no_grad():
        prints = [
            ("scaled_scores", "no-scale", "scaled_scores", None, scores),
            ("attn_weights", "scale-by-d", "attn_weights", None, sm((scores / d).masked_fill(mask, -torch.inf))),
            ("attn_weights", "scale-by-d-in", "attn_weights", None, sm((scores / C ** 0.5).masked_fill(mask, -torch.inf))),
            ("attn_weights", "no-mask", "attn_weights", None, sm(scaled)),
            ("attn_weights[0, 1]", "mask-with-zero", "attn_weights", 1, sm(scaled.masked_fill(mask, 0))[0, 1]),
            ("attn_weights", "mask-diagonal", "attn_weights", None,
             sm(scaled.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=0), -torch.inf))),
            ("attn_weights", "mask-inverted", "attn_weights", None,
             sm(scaled.masked_fill(torch.tril(torch.ones(T, T, dtype=torch.bool), diagonal=-1), -torch.inf))),
            ("attn_weights", "softmax-wrong-dim", "attn_weights", None, sm(scaled.masked_fill(mask, -torch.inf), dim=2)),
            ("attn_weights", "mask-after-softmax", "attn_weights", None, sm(scaled) * torch.tril(torch.ones(T, T))),
            ("attn_scores", "queries-keys-swapped", "attn_scores", None, kh @ qh.transpose(2, 3)),
            ("attn_scores", "queries-are-keys", "attn_scores", None, kh @ kh.transpose(2, 3)),
            ("context_vecs", "no-mask", "context_vecs", None, sm(scaled) @ vh),
            ("merged", "heads-not-transposed", "merged", None, st["context_vecs"].contiguous().view(1, T, C)),
            ("keys_heads", "heads-not-transposed", "keys_heads", None, st["keys"].reshape(1, H, T, d)),
            ("output", "no-out-proj", "output", None, st["merged"]),
        ]
    with open(os.path.join(HERE, "theirs-mistakes-tiny-f32.txt"), "w") as f:
        for label, _, _, _, t in prints:
            f.write(">>> %s\n%s\n" % (label, t))
    with open(os.path.join(CLI, "model-check-mistakes.cmd"), "w") as f:
        f.write("$BIN --model tests/model/tiny-f32 --text '%s' --layer 1 --check tests/model/theirs-mistakes-tiny-f32.txt"
                " | grep -e '^  mistake:' -e ' match$'\n" % TEXT)
    out = []
    for _, mk, stage, head, _ in prints:
        out.append("  mistake: %s (%s): it gives %s%s" % (mk, MISTAKES[mk], stage, "" if head is None else "[0, %d]" % head))
    out.append("0 of %d match" % len(prints))
    with open(os.path.join(CLI, "model-check-mistakes.out"), "w") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(CLI, "model-check-mistakes.err"), "w") as f:
        f.write("status 0\n")


class _LayerNormAs:
    """torch.nn.functional with layer_norm as a learner wrote it: nn.LayerNorm(C, eps=EPS), or by hand:
    (x - mean) / torch.sqrt(var) (eps forgotten), (x - mean) / (std + eps) (eps on the std)"""

    def __init__(self, how):
        self.how = how

    def __getattr__(self, name):
        return getattr(torch.nn.functional, name)

    def layer_norm(self, x, shape, w, b, eps):
        how = self.how
        if how[0] == "eps":
            return torch.nn.functional.layer_norm(x, shape, w, b, how[1])
        mean = x.mean(dim=-1, keepdim=True)
        var = x.var(dim=-1, keepdim=True, unbiased=False)
        if how[0] == "none":
            return (x - mean) / torch.sqrt(var) * w + b
        return (x - mean) / (torch.sqrt(var) + eps) * w + b


def mistaken_forward(folder, ids, layer, ln=None, attn_res=True, mlp_res=True):
    """gpt2_forward.py's forward() with a learner's mistake written in: a layer norm of theirs (every ln_1,
    ln_2), or a block's attention or MLP residual left out (x = attn(ln_1(x)) for x = x + attn(ln_1(x)))"""
    cfg, sd = gf.load(folder)
    real = gf.F
    gf.F = _LayerNormAs(ln) if ln is not None else real
    st = {}
    try:
        with torch.no_grad():
            st["x"] = gf.F.embedding(torch.tensor([ids]), sd["wte.weight"]) + \
                gf.F.embedding(torch.arange(len(ids)), sd["wpe.weight"])
            x = st["x"]
            for l in range(layer):
                p = "h.%d." % l
                a = gf.attention(cfg, sd, l, x, {})
                x = a + x if attn_res else a
                h = gf.F.layer_norm(x, (cfg["n_embd"],), sd[p + "ln_2.weight"], sd[p + "ln_2.bias"], cfg["layer_norm_epsilon"])
                h = gf.conv1d(sd, p + "mlp.c_proj", gf.gelu_new(gf.conv1d(sd, p + "mlp.c_fc", h)))
                x = x + h if mlp_res else h
            if layer > 0:
                st["residual"] = x
            gf.attention(cfg, sd, layer, x, st)
    finally:
        gf.F = real
    return st


def differs_in_print(a, b):
    """do the two tensors print differently (so that the mistake shows in a print)?"""
    return str(a) != str(b)


def repl_set_case(enc):
    """-i --model: set layer (up, loading block 1), set head, set text each recompute; the words by hand
    (gpt2_repl.c's), every tensor and the heat map's shades from torch (gpt2_forward.py's cli_out)"""
    folder, text2 = "tiny-wide-f16", "Attention is all you need: queries, keys and values."
    ids, labels = enc[TEXT]["ids"], enc[TEXT]["labels"]
    ids2, labels2 = enc[text2]["ids"], enc[text2]["labels"]
    a = gf.forward(folder, ids, 0)
    b = gf.forward(folder, ids, 1)
    c = gf.forward(folder, ids2, 1)
    heat = lambda i, lab, h: gf.cli_out(folder, i, 1, h, lab).split("\n")
    hb, hc = heat(ids, labels, 3), heat(ids2, labels2, 3)
    hb = "\n".join(hb[next(k for k, l in enumerate(hb) if l.startswith("attn_weights[0, 3] (layer")):]).rstrip("\n")
    hc = "\n".join(hc[next(k for k, l in enumerate(hc) if l.startswith("attn_weights[0, 3] (layer")):]).rstrip("\n")
    lines = ["p attn_weights[0, 3, 5]", "set layer 1", "p attn_weights[0, 3, 5]", "set head 3", "show", "hm",
             "set text " + text2, "p token_ids", "hm", "d attn_weights[0, 3, 1]", "q"]
    with open(os.path.join(CLI, "model-repl-set.cmd"), "w") as f:
        f.write("printf '%s\\n' | $BIN -i --model tests/model/%s --text '%s' --layer 0\n" % ("\\n".join(lines), folder, TEXT))
    with torch.no_grad():
        out = ["attn-explain: tests/model/%s, layer 0, head 0, 6 tokens; help lists the commands" % folder,
               ">>> %s" % a["attn_weights"][0, 3, 5],
               ">>> layer 1, head 0, 6 tokens: recomputed",
               ">>> %s" % b["attn_weights"][0, 3, 5],
               ">>> layer 1, head 3, 6 tokens: recomputed",
               ">>> model tests/model/%s" % folder, "layer 1", "head 3", "text " + TEXT, "tokens " + ", ".join(map(str, ids)),
               ">>> " + hb,
               ">>> layer 1, head 3, %d tokens: recomputed" % len(ids2),
               ">>> %s" % c["token_ids"],
               ">>> " + hc,
               ">>> before (layer 1, head 3, 6 tokens):", str(b["attn_weights"][0, 3, 1]),
               "after (layer 1, head 3, %d tokens):" % len(ids2), str(c["attn_weights"][0, 3, 1]),
               ">>> "]
    with open(os.path.join(CLI, "model-repl-set.out"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(CLI, "model-repl-set.err"), "w") as f:
        f.write("status 0\n")


def block_mistakes_case(enc):
    """--check THEIRS with GPT-2's block mistakes written in, each print made by torch: no-residual (the
    attention's, the MLP's or both residuals left out in block 0) and layer-norm-eps (nn.LayerNorm(eps=1e-6),
    BERT's 1e-12, eps forgotten, eps on the std); at layer 1 on tiny-f32 and at layer 0 on tiny-wide-f16"""
    ids = enc[TEXT]["ids"]
    for name, folder, layer, prints in (
            ("model-check-block-mistakes", "tiny-f32", 1, [
                ("residual", "no-residual", "residual", None, dict(attn_res=False)),
                ("attn_weights", "no-residual", "attn_weights", None, dict(mlp_res=False)),
                ("queries", "no-residual", "queries", None, dict(attn_res=False, mlp_res=False)),
                ("ln_1", "layer-norm-eps", "ln_1", None, dict(ln=("eps", 1e-6))),
                ("residual", "layer-norm-eps", "residual", None, dict(ln=("eps", 1e-12))),
                ("ln_1", "layer-norm-eps", "ln_1", None, dict(ln=("none",))),
                ("output", "layer-norm-eps", "output", None, dict(ln=("std",))),
            ]),
            ("model-check-eps-layer0", "tiny-wide-f16", 0, [
                ("ln_1", "layer-norm-eps", "ln_1", None, dict(ln=("eps", 1e-12))),
                ("keys", "layer-norm-eps", "keys", None, dict(ln=("eps", 1e-6))),
                ("attn_weights", "layer-norm-eps", "attn_weights", None, dict(ln=("std",))),
            ])):
        good = gf.forward(folder, ids, layer)
        theirs = os.path.join(HERE, "theirs-%s.txt" % name[len("model-check-"):])
        with open(theirs, "w") as f:
            for label, _, stage, _, how in prints:
                t = mistaken_forward(folder, ids, layer, **how)[stage]
                assert differs_in_print(t, good[stage]), (name, label, how)
                f.write(">>> %s\n%s\n" % (label, t))
        with open(os.path.join(CLI, name + ".cmd"), "w") as f:
            f.write("$BIN --model tests/model/%s --text '%s' --layer %d --check tests/model/%s"
                    " | grep -e '^  mistake:' -e ' match$'\n" % (folder, TEXT, layer, os.path.basename(theirs)))
        out = ["  mistake: %s (%s): it gives %s" % (mk, MISTAKES[mk], stage) for _, mk, stage, _, _ in prints]
        out.append("0 of %d match" % len(prints))
        with open(os.path.join(CLI, name + ".out"), "w") as f:
            f.write("\n".join(out) + "\n")
        with open(os.path.join(CLI, name + ".err"), "w") as f:
            f.write("status 0\n")


def main():
    with open(os.path.join(HERE, "bpe-small.jsonl"), encoding="utf-8") as f:
        enc = {c["text"]: c for c in map(json.loads, f) if "text" in c and "ids" in c}
    why_cases(enc)
    heatmap_cases(enc)
    repl_case(enc)
    mistakes_case(enc)
    block_mistakes_case(enc)
    repl_set_case(enc)


if __name__ == "__main__":
    main()
