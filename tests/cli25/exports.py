#!/usr/bin/env python3
"""exports.py - the arrays of attn-explain's --emit npz and --emit safetensors
files, read with the standard library alone (zipfile and the .npy header;
the safetensors JSON header), against real PyTorch's stages.

  exports.py check FILE.npz|FILE.safetensors INPUT.json HASHES
      every stage of INPUT must be in the file, float32, with PyTorch's
      shape and bits: against tests/gen/reference.py when /usr/bin/python3
      has torch (run under it), else against HASHES (sha256 of each stage's
      float32 bytes, written by PyTorch with `write`).  Prints ok/not ok.
  /usr/bin/python3 exports.py write INPUT.json ... > HASHES
      the hashes, from real PyTorch (tests/gen/reference.py's stages)."""
import hashlib, io, json, os, struct, sys, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def read_npz(path):
    out = {}
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            b = z.read(name)
            assert b[:6] == b"\x93NUMPY", name
            hl = struct.unpack("<H", b[8:10])[0] if b[6] == 1 else struct.unpack("<I", b[8:12])[0]
            start = (10 if b[6] == 1 else 12)
            hdr = eval(b[start:start + hl].decode("latin1"))
            out[name[:-4]] = (hdr["descr"], tuple(hdr["shape"]), b[start + hl:])
    return out


def read_safetensors(path):
    b = open(path, "rb").read()
    n = struct.unpack("<Q", b[:8])[0]
    hdr = json.loads(b[8:8 + n])
    out = {}
    for k, v in hdr.items():
        if k == "__metadata__":
            continue
        s, e = v["data_offsets"]
        out[k] = (v["dtype"], tuple(v["shape"]), b[8 + n + s:8 + n + e])
    return out


def torch_stages(inp):
    sys.path.insert(0, os.path.join(HERE, "..", "gen"))
    import reference
    cfg = json.load(open(inp))
    S, names, _ = reference.run(cfg)
    return {k: (tuple(S[k].shape), S[k].detach().float().contiguous().numpy().tobytes()) for k in names}


def main(argv):
    if argv[0] == "write":
        for inp in argv[1:]:
            for k, (shape, b) in torch_stages(inp).items():
                print(os.path.basename(inp), k, "x".join(map(str, shape)) or "-", hashlib.sha256(b).hexdigest())
        return 0
    path, inp, hashes = argv[1:4]
    arrays = read_npz(path) if path.endswith(".npz") else read_safetensors(path)
    try:
        import torch  # noqa: F401
        want = {k: ("x".join(map(str, s)) or "-", hashlib.sha256(b).hexdigest()) for k, (s, b) in torch_stages(inp).items()}
        src = "PyTorch"
    except ImportError:
        want = {}
        for line in open(hashes):
            f, k, s, h = line.split()
            if f == os.path.basename(inp):
                want[k] = (s, h)
        src = "PyTorch's hashes"
    bad = 0
    for k, (s, h) in want.items():
        if k not in arrays:
            print("not ok %s %s: stage %s missing" % (os.path.basename(path), inp, k))
            bad += 1
            continue
        dt, shape, b = arrays[k]
        got = ("x".join(map(str, shape)) or "-", hashlib.sha256(b).hexdigest())
        if dt not in ("<f4", "F32") or got != (s, h):
            print("not ok %s: %s is %s %s, %s has %s" % (os.path.basename(path), k, dt, got[0], src, s))
            bad += 1
    if not want:
        print("not ok %s: no stages to compare for %s" % (path, inp))
        return 0
    if not bad:
        print("ok %s: all %d stages of %s bit for bit as %s" % (os.path.basename(path), len(want),
              os.path.basename(inp), src))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
