#!/usr/bin/python3
"""addmm_cases.py - tests/model/addmm-cases.txt: torch.addmm(b, x, w) at
GPT-2's sizes (Conv1D: c_attn, c_fc, c_proj on 64 tokens) and at sizes that
cross the matrix kernel's tiles, depth passes and thread split, with the
FNV-1a hash of torch's float32 result.  The inputs are not stored: x, then
w, then b come from xorshift32 (SEED), each value ((s >> 8) - 2^23) / 2^23,
a float with a full 24-bit mantissa, and tests/test_forward.c makes the
same.  One line per case:  addmm-xs M N K SEED HASH
Run with the reference BLAS (re-executes itself):
    /usr/bin/python3 tests/gen/addmm_cases.py
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# gpt2_forward re-executes this script under the reference BLAS when imported, and hashes as the tests do
from gpt2_forward import HERE, bits_hash, torch  # noqa: E402

CASES = [  # M, N, K, seed
    (64, 2304, 768, 1), (64, 3072, 768, 2), (64, 768, 3072, 3), (64, 768, 768, 4),
    (37, 100, 600, 5), (13, 33, 257, 6), (1, 50, 300, 7), (200, 64, 512, 8),
    (12, 31, 1000, 9), (7, 5, 0, 10), (5, 17, 1, 11),
]


def xorshift(seed, n):
    s = seed
    out = np.empty(n, dtype=np.float32)
    for i in range(n):
        s ^= (s << 13) & 0xffffffff
        s ^= s >> 17
        s ^= (s << 5) & 0xffffffff
        out[i] = ((s >> 8) - (1 << 23)) / float(1 << 23)
    return s, out


def main():
    assert torch.__version__.startswith("1.13")
    with open(os.path.join(HERE, "addmm-cases.txt"), "w") as out:
        for M, N, K, seed in CASES:
            s, x = xorshift(seed, M * K)
            s, w = xorshift(s, K * N)
            s, b = xorshift(s, N)
            y = torch.addmm(torch.from_numpy(b), torch.from_numpy(x).view(M, K), torch.from_numpy(w).view(K, N))
            out.write("addmm-xs %d %d %d %d %08x\n" % (M, N, K, seed, bits_hash(y)))


if __name__ == "__main__":
    main()
