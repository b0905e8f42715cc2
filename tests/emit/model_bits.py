"""model_bits.py - --model's --json and --emit npz against real PyTorch: for each
line FOLDER|LAYER|IDS|JSON|NPZ on standard input, every stage's float32 bits in
the JSON (its shortest digits read back) and in the .npz must equal those of
tests/gen/gpt2_forward.py's forward pass.  One "ok"/"not ok" line each."""
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gen"))
import gpt2_forward  # noqa: E402  (the reference BLAS is already in LD_LIBRARY_PATH)

for line in sys.stdin.read().split("\n"):
    if not line:
        continue
    folder, layer, ids, jpath, npath = line.split("|")
    st = gpt2_forward.forward(folder, [int(i) for i in ids.split(",")], int(layer))
    bad = []
    with open(jpath) as f:
        j = json.load(f)
    npz = np.load(npath)
    names = [s["name"] for s in j["stages"]]
    if names != [n for n in gpt2_forward.ORDER if n in st]:
        bad.append("stages %s" % names)
    for s in j["stages"]:
        want = st[s["name"]]
        if s["name"] == "token_ids":
            ok = s["data"] == want.reshape(-1).tolist()
        else:
            got = np.array(s["data"], dtype=np.float32).reshape(s["shape"])
            ok = list(got.shape) == list(want.shape) and got.view(np.int32).tolist() == \
                want.contiguous().numpy().view(np.int32).tolist()
            arr = npz[s["name"]]
            ok = ok and arr.dtype == np.float32 and arr.view(np.int32).tolist() == \
                want.contiguous().numpy().view(np.int32).tolist()
        if not ok:
            bad.append(s["name"])
    print(("ok model-bits %s layer %s" % (folder, layer)) if not bad else
          "not ok model-bits %s layer %s: %s differ from PyTorch" % (folder, layer, ", ".join(bad)))
