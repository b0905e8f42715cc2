"""Time PyTorch evaluating the expressions that make bench times in
attn-explain's interpreter, on the stages of a minGPT-sized input (the
same computation as torch_stages.py): one line per expression, the median
of N runs in seconds.  Run with Debian's python3-torch: /usr/bin/python3."""
import json, sys, time
import torch
import torch.nn as nn
torch.set_grad_enabled(True)
cfg = json.load(open(sys.argv[1]))
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
exprs = sys.argv[3:]
B, T, d_in = cfg["inputs"]["rand"]
d, H = cfg["d_out"], cfg["heads"]
hd = d // H
torch.manual_seed(cfg["seed"])
x = torch.rand(B, T, d_in)
Wq, Wk, Wv = (nn.Linear(d_in, d, bias=cfg["qkv_bias"]) for _ in range(3))
queries, keys, values = Wq(x), Wk(x), Wv(x)
queries_heads, keys_heads, values_heads = (t.view(B, T, H, hd).transpose(1, 2) for t in (queries, keys, values))
attn_scores = queries_heads @ keys_heads.transpose(2, 3)
mask = torch.triu(torch.ones(T, T), diagonal=1)
masked_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)
scaled_scores = masked_scores / hd ** 0.5
attn_weights = torch.softmax(scaled_scores, dim=-1)
ns = dict(globals())
for e in exprs:
    code = compile(e, "<expr>", "eval")
    eval(code, ns)
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        eval(code, ns)
        ts.append(time.perf_counter() - t0)
    ts.sort()
    print("%.6f" % ts[len(ts) // 2])
