#!/usr/bin/python3
"""tiny_gpt2.py - tiny GPT-2 folders as Hugging Face lays them out, for tests/modelrun.c.

Random weights (torch.manual_seed), GPT-2's names and Conv1D (in, out)
layouts, config.json, model.safetensors written by hand (8-byte length,
JSON header, raw little-endian bytes; no safetensors package), and (good folders) the
small BPE vocabulary of tests/model/small.  Writes tests/model/tiny-NAME/ for:
  f32       names as GPT2Model saves them (wte.weight, h.0.ln_1.weight, ...)
  f16, bf16 the same weights stored in half precision
  wide-f16  n_embd 136, 8 heads of 17, F16 (the forward pass's wider case)
  prefixed  "transformer." names, lm_head.weight, and the attn.bias /
            attn.masked_bias buffers GPT2LMHeadModel used to save
  bad-*     one fault each: a missing layer, a wrong shape, LLaMA's names,
            an I64 tensor, a config without n_embd
and for each good folder expect.txt: per tensor, the FNV-1a hash of the
float32 bits torch's .float() gives.  Run with PyTorch 1.13:
    /usr/bin/python3 tests/gen/tiny_gpt2.py
"""
import json
import os
import shutil
import struct

import torch

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "model")
C, H, L, P = 8, 2, 2, 16
DT = {torch.float32: "F32", torch.float16: "F16", torch.bfloat16: "BF16", torch.int64: "I64", torch.bool: "BOOL"}


def fnv(data):
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & 0xffffffff
    return h


def weights(vocab, C=C, L=L, P=P, seed=22):
    g = torch.Generator().manual_seed(seed)
    sd = {"wte.weight": torch.randn(vocab, C, generator=g) * 0.1,
          "wpe.weight": torch.randn(P, C, generator=g) * 0.01}
    for l in range(L):
        for name, shape in (("ln_1.weight", (C,)), ("ln_1.bias", (C,)),
                            ("attn.c_attn.weight", (C, 3 * C)), ("attn.c_attn.bias", (3 * C,)),
                            ("attn.c_proj.weight", (C, C)), ("attn.c_proj.bias", (C,)),
                            ("ln_2.weight", (C,)), ("ln_2.bias", (C,)),
                            ("mlp.c_fc.weight", (C, 4 * C)), ("mlp.c_fc.bias", (4 * C,)),
                            ("mlp.c_proj.weight", (4 * C, C)), ("mlp.c_proj.bias", (C,))):
            t = torch.randn(*shape, generator=g) * 0.2
            if name.startswith("ln") and name.endswith("weight"):
                t = t + 1
            sd["h.%d.%s" % (l, name)] = t
    sd["ln_f.weight"] = torch.randn(C, generator=g) * 0.2 + 1
    sd["ln_f.bias"] = torch.randn(C, generator=g) * 0.2
    return sd


def save(sd, path):
    """safetensors by hand: tensors in the dict's order, data_offsets back to back"""
    hdr, blobs, off = {"__metadata__": {"format": "pt"}}, [], 0
    for name, t in sd.items():
        t = t.contiguous()
        flat = t.reshape(-1)
        raw = (flat.to(torch.uint8) if t.dtype == torch.bool else flat.view(torch.uint8)).numpy().tobytes()
        hdr[name] = {"dtype": DT[t.dtype], "shape": list(t.shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    h = json.dumps(hdr).encode()
    h += b" " * (-(8 + len(h)) % 8)	# padded as the safetensors package pads
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h + b"".join(blobs))


def folder(name, sd, config, expect=True):
    d = os.path.join(HERE, "tiny-" + name)
    os.makedirs(d, exist_ok=True)
    for f in ("vocab.json", "merges.txt") if expect else ():
        shutil.copy(os.path.join(HERE, "small", f), d)
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    save(sd, os.path.join(d, "model.safetensors"))
    if expect:
        with open(os.path.join(d, "expect.txt"), "w") as f:
            for k, t in sd.items():
                if t.is_floating_point() and not k.endswith((".attn.bias", ".attn.masked_bias")) and k != "lm_head.weight":
                    bits = t.float().contiguous().view(torch.int32).numpy().astype("<i4").tobytes()
                    f.write("%s %08x\n" % (k.replace("transformer.", ""), fnv(bits)))


def main():
    with open(os.path.join(HERE, "small", "vocab.json"), encoding="utf-8") as f:
        vocab = len(json.load(f))
    config = {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_embd": C, "n_head": H,
              "n_layer": L, "n_positions": P, "n_ctx": P, "vocab_size": vocab, "layer_norm_epsilon": 1e-5,
              "activation_function": "gelu_new"}
    sd = weights(vocab)
    folder("f32", sd, config)
    folder("f16", {k: v.half() for k, v in sd.items()}, config)
    folder("bf16", {k: v.bfloat16() for k, v in sd.items()}, config)
    pre = {"transformer." + k: v for k, v in sd.items()}
    for l in range(L):
        pre["transformer.h.%d.attn.bias" % l] = torch.tril(torch.ones(P, P)).view(1, 1, P, P)
        pre["transformer.h.%d.attn.masked_bias" % l] = torch.tensor(-1e4)
    pre["lm_head.weight"] = sd["wte.weight"]
    folder("prefixed", pre, config)
    folder("bad-missing-layer", {k: v for k, v in sd.items() if not k.startswith("h.1.")}, config, False)
    folder("bad-shape", dict(sd, **{"h.1.attn.c_attn.weight": sd["h.1.attn.c_attn.weight"].t().contiguous()}),
           config, False)
    folder("bad-llama", {"model.embed_tokens.weight": sd["wte.weight"], "model.norm.weight": sd["ln_f.weight"]},
           config, False)
    folder("bad-dtype", dict(sd, **{"h.0.ln_2.bias": torch.arange(C)}), config, False)
    folder("bad-config", sd, {k: v for k, v in config.items() if k != "n_embd"}, False)
    # wide: n_embd 136 (17 vectors of 8: layer norm's Welford cascade merges two chunks),
    # head_dim 17 (the scores divided by sqrt(17), not a power of two); stored F16
    wide = dict(config, n_embd=136, n_head=8)
    folder("wide-f16", {k: v.half() for k, v in weights(vocab, C=136, seed=23).items()}, wide)


if __name__ == "__main__":
    main()
