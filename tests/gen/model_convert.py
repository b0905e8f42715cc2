#!/usr/bin/python3
"""model_convert.py - what torch's .float() makes of every F16 and BF16 value.

Writes tests/model/convert.txt: for each dtype, the FNV-1a 32-bit hash of the
float32 bits (little-endian) of all 65536 half values in order 0..65535, and a
few values by name.  tests/modelrun.c converts the same values with
st_f16_to_f32/st_bf16_to_f32 and compares.  Run with PyTorch 1.13:
    /usr/bin/python3 tests/gen/model_convert.py
"""
import os
import torch


def fnv(data):
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & 0xffffffff
    return h


def main():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "model")
    bits = torch.arange(0, 65536, dtype=torch.int32).to(torch.int16)
    with open(os.path.join(here, "convert.txt"), "w") as out:
        out.write("# dtype fnv1a-of-all-65536 then HALF=FLOATBITS samples (torch %s)\n" % torch.__version__)
        for name, dt in (("F16", torch.float16), ("BF16", torch.bfloat16)):
            f = bits.view(dt).float().view(torch.int32)
            data = b"".join((int(x) & 0xffffffff).to_bytes(4, "little") for x in f)
            samples = [0x0001, 0x03ff, 0x0400, 0x7bff, 0x7c00, 0x7c01, 0x7e00, 0x7f81, 0x8001, 0xfc01]
            out.write("%s %08x %s\n" % (name, fnv(data), " ".join(
                "%04x=%08x" % (s, int(f[s]) & 0xffffffff) for s in samples)))


if __name__ == "__main__":
    main()
