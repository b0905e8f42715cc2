"""Time PyTorch computing the same stages as attn-explain (compute only, no
start-up, no printing): projections, heads, scores, mask, scale, softmax,
the second causal route, context, merge, output.  Prints the median of N
runs in seconds.  Run with Debian's python3-torch: /usr/bin/python3."""
import json, sys, time
import torch
import torch.nn as nn
torch.set_grad_enabled(True)
cfg = json.load(open(sys.argv[1]))
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
B, T, d_in = cfg["inputs"]["rand"]
d, H = cfg["d_out"], cfg["heads"]
hd = d // H
def once():
    t0 = time.perf_counter()
    torch.manual_seed(cfg["seed"])
    x = torch.rand(B, T, d_in)
    Wq, Wk, Wv = (nn.Linear(d_in, d, bias=cfg["qkv_bias"]) for _ in range(3))
    Wo = nn.Linear(d, d)
    q, k, v = Wq(x), Wk(x), Wv(x)
    qh, kh, vh = (t.view(B, T, H, hd).transpose(1, 2) for t in (q, k, v))
    s = qh @ kh.transpose(2, 3)
    mask = torch.triu(torch.ones(T, T), diagonal=1)
    ms = s.masked_fill(mask.bool(), -torch.inf)
    sc = ms / hd ** 0.5
    w = torch.softmax(sc, dim=-1)
    uw = torch.softmax(s / hd ** 0.5, dim=-1)
    msim = uw * torch.tril(torch.ones(T, T))
    norm = msim / msim.sum(dim=-1, keepdim=True)
    c = w @ vh
    m = c.transpose(1, 2).contiguous().view(B, T, d)
    out = Wo(m)
    return time.perf_counter() - t0
once()
ts = sorted(once() for _ in range(runs))
print("%.6f" % ts[len(ts) // 2])
