"""torch_gpt2.py DIR LAYER T - make bench's PyTorch side of the model row: the
same forward as attn-explain --model DIR --tokens (T ids) --layer LAYER (every
block before LAYER, then LAYER's attention), reading model.safetensors with
json + torch.frombuffer as the emitted script does.  Prints the compute
seconds (after import and load) and the whole process's is measured outside."""
import json
import math
import struct
import sys
import time

import torch
import torch.nn.functional as F

d, L, T = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
cfg = json.load(open(d + "/config.json"))
C, H, eps = cfg["n_embd"], cfg["n_head"], cfg["layer_norm_epsilon"]
DT = {"F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16}
sd = {}
with open(d + "/model.safetensors", "rb") as f:
    n = struct.unpack("<Q", f.read(8))[0]
    hdr = json.loads(f.read(n))
    for k, v in hdr.items():
        k2 = k[len("transformer."):] if k.startswith("transformer.") else k
        p = k2.split(".")
        if k == "__metadata__" or k2.endswith((".attn.bias", ".attn.masked_bias")) or \
                not (p[0] in ("wte", "wpe") or (p[0] == "h" and int(p[1]) <= L)):
            continue
        b, e = v["data_offsets"]
        f.seek(8 + n + b)
        sd[k2] = torch.frombuffer(bytearray(f.read(e - b)), dtype=DT[v["dtype"]]).reshape(v["shape"]).float()


def conv1d(name, x):
    w = sd[name + ".weight"]
    return torch.addmm(sd[name + ".bias"], x.view(-1, x.size(-1)), w).view(x.size()[:-1] + (w.size(-1),))


def attention(l, x):
    p = "h.%d." % l
    h = F.layer_norm(x, (C,), sd[p + "ln_1.weight"], sd[p + "ln_1.bias"], eps)
    q, k, v = conv1d(p + "attn.c_attn", h).split(C, dim=2)
    q, k, v = (t.view(1, T, H, C // H).transpose(1, 2) for t in (q, k, v))
    s = (q @ k.transpose(2, 3)) / (C // H) ** 0.5
    s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1), -torch.inf)
    return conv1d(p + "attn.c_proj", (torch.softmax(s, dim=-1) @ v).transpose(1, 2).contiguous().view(1, T, C))


with torch.no_grad():
    t0 = time.perf_counter()
    ids = torch.arange(100, 100 + T).view(1, T)
    x = sd["wte.weight"][ids] + sd["wpe.weight"][torch.arange(T)]
    for l in range(L):
        x = attention(l, x) + x
        p = "h.%d." % l
        h = conv1d(p + "mlp.c_fc", F.layer_norm(x, (C,), sd[p + "ln_2.weight"], sd[p + "ln_2.bias"], eps))
        h = 0.5 * h * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (h + 0.044715 * torch.pow(h, 3.0))))
        x = x + conv1d(p + "mlp.c_proj", h)
    out = attention(L, x)
    print("%.6f" % (time.perf_counter() - t0))
