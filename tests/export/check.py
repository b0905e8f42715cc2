# check.py - tests/lessons --export-samples DIR wrote sample.npz and
# sample.safetensors; read them as NumPy and PyTorch users would (np.load;
# the safetensors layout parsed by hand and torch.frombuffer) and compare
# every array's shape and bits with DIR/expected.txt.  Each member's .npy
# must also be the bytes np.save writes.  Prints "ok .." or "FAIL .." lines.
import io
import json
import struct
import sys
import zipfile

import numpy as np
import torch

d = sys.argv[1]
expected = {}
for line in open(d + "/expected.txt"):
    name, shape, *bits = line.split()
    shape = () if shape == "-" else tuple(int(s) for s in shape.split(","))
    expected[name] = (shape, np.array([int(b, 16) for b in bits], dtype=np.uint32).reshape(shape))


def same(what, name, arr, want):
    shape, bits = want
    if arr.dtype != np.float32 or arr.shape != shape:
        print("FAIL %s %s: %s %s, want float32 %s" % (what, name, arr.dtype, arr.shape, shape))
    elif not np.array_equal(arr.view(np.uint32), bits):
        print("FAIL %s %s: the bits differ" % (what, name))
    else:
        print("ok %s %s" % (what, name))


# .npz: np.load, the zip's CRCs, every member stored and as np.save writes it
npz = np.load(d + "/sample.npz")
if sorted(npz.files) != sorted(expected):
    print("FAIL npz names %r, want %r" % (npz.files, sorted(expected)))
for name in expected:
    if name in npz.files:
        same("npz", name, npz[name], expected[name])
with zipfile.ZipFile(d + "/sample.npz") as z:
    bad = z.testzip()
    print("FAIL npz crc of %s" % bad if bad else "ok npz crc-32 of every member")
    for info in z.infolist():
        name = info.filename[:-4]
        buf = io.BytesIO()
        np.save(buf, npz[name])
        ok = info.compress_type == zipfile.ZIP_STORED and z.read(info) == buf.getvalue()
        print(("ok npz %s is np.save's bytes, stored" if ok else "FAIL npz %s is not np.save's bytes") % name)

# safetensors: u64 header length, JSON, data back to back; torch.frombuffer reads each
raw = open(d + "/sample.safetensors", "rb").read()
n = struct.unpack("<Q", raw[:8])[0]
header = json.loads(raw[8:8 + n])
data = raw[8 + n:]
print("ok safetensors header padded to 8" if n % 8 == 0 else "FAIL safetensors header length %d" % n)
if sorted(header) != sorted(expected):
    print("FAIL safetensors names %r" % sorted(header))
end = 0
for name, h in header.items():
    b, e = h["data_offsets"]
    if h["dtype"] != "F32" or b != end:
        print("FAIL safetensors %s: %r" % (name, h))
    end = e
    t = torch.frombuffer(bytearray(data[b:e]), dtype=torch.float32).reshape(h["shape"]) if e > b else torch.zeros(h["shape"])
    same("safetensors", name, t.numpy(), expected[name])
print("ok safetensors data ends the file" if end == len(data) else "FAIL safetensors %d bytes after the data" % (len(data) - end))
try:
    from safetensors.torch import load_file
    for name, t in load_file(d + "/sample.safetensors").items():
        same("safetensors.torch", name, t.numpy(), expected[name])
except ImportError:
    print("skip the safetensors package is not installed (the layout was parsed by hand)")
