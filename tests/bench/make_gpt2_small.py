"""make_gpt2_small.py DIR - a GPT-2-small-shaped folder of random weights (124M
parameters, F32, Hugging Face's names and layout: config.json + model.safetensors,
about 500 MB) for make bench's model row; not committed.  Needs only torch."""
import json
import os
import struct
import sys

import torch

d = sys.argv[1]
os.makedirs(d, exist_ok=True)
C, L, V, P = 768, 12, 50257, 1024
cfg = {"model_type": "gpt2", "n_embd": C, "n_head": 12, "n_layer": L, "n_positions": P, "n_ctx": P,
       "vocab_size": V, "layer_norm_epsilon": 1e-5, "activation_function": "gelu_new"}
with open(os.path.join(d, "config.json"), "w") as f:
    json.dump(cfg, f)
g = torch.Generator().manual_seed(124)
shapes = [("wte.weight", (V, C)), ("wpe.weight", (P, C))]
for l in range(L):
    p = "h.%d." % l
    shapes += [(p + "ln_1.weight", (C,)), (p + "ln_1.bias", (C,)), (p + "attn.c_attn.weight", (C, 3 * C)),
               (p + "attn.c_attn.bias", (3 * C,)), (p + "attn.c_proj.weight", (C, C)), (p + "attn.c_proj.bias", (C,)),
               (p + "ln_2.weight", (C,)), (p + "ln_2.bias", (C,)), (p + "mlp.c_fc.weight", (C, 4 * C)),
               (p + "mlp.c_fc.bias", (4 * C,)), (p + "mlp.c_proj.weight", (4 * C, C)), (p + "mlp.c_proj.bias", (C,))]
shapes += [("ln_f.weight", (C,)), ("ln_f.bias", (C,))]
header, off = {}, 0
for name, shape in shapes:
    n = 4
    for s in shape:
        n *= s
    header[name] = {"dtype": "F32", "shape": list(shape), "data_offsets": [off, off + n]}
    off += n
h = json.dumps(header).encode()
h += b" " * (-len(h) % 8)
with open(os.path.join(d, "model.safetensors"), "wb") as f:
    f.write(struct.pack("<Q", len(h)))
    f.write(h)
    for name, shape in shapes:
        if name.endswith(("ln_1.weight", "ln_2.weight", "ln_f.weight")):
            t = 1 + 0.1 * torch.randn(shape, generator=g)
        else:
            t = 0.02 * torch.randn(shape, generator=g)
        f.write(t.numpy().astype("<f4").tobytes())
