#!/usr/bin/python3
"""model_fuzz.py - a differential fuzzer of attn-explain --model against real PyTorch 1.13 and OpenAI's encoder.py.

Random tiny GPT-2 folders (random n_embd/n_head with head_dim of any size, 1..4 layers, small n_positions,
layer_norm_epsilon other than 1e-5, n_inner absent, null or set, activation_function given or not, each
tensor F32, F16 or BF16, names with or without "transformer.", vocab.json + merges.txt, encoder.json +
vocab.bpe or tokenizer.json, a BPE vocabulary learned from random sentences), random texts (letters and
numbers of many scripts, white-space runs, trailing spaces and newlines, contractions in both cases,
emoji, CJK, combining accents) or --tokens ids, every layer and head.  Each run's cells, every stage's
--print, --json, the heat map's text, --why and the script --emit python writes (run in real PyTorch)
are compared byte for byte with PyTorch (gpt2_forward.py's forward()).
Modes (each prints one line per discrepancy and a count):
  forward [--seed S] [--count N]    N random folders, 3 runs each
  bpe [--seed S] [--count N]        N random texts through GPT-2's real vocabulary (VOCAB_DIR, default
                                    /work/cache/gpt2-vocab, with OpenAI's encoder.py as openai_encoder.py
                                    or encoder.py): ids by tests/modelrun, and invalid UTF-8 at random offsets
  bad [--seed S] [--count N]        safetensors headers and config.json mutated: one line naming the file,
                                    exit status 1, no signal, no sanitizer report, within 10 s
  cases [--seed S] [--count N]      the committed batch: tests/model/fuzz-K/ and tests/cli/model-fuzz-K.*
BIN (default ./attn-explain) and MODELRUN (default tests/modelrun) name the builds.  Run from the top:
    /usr/bin/python3 tests/gen/model_fuzz.py forward --seed 1 --count 50
"""
import json
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpt2_forward as gf  # noqa: E402  (re-executes itself under the reference BLAS)
import bpe_cases  # noqa: E402
import torch  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
BIN = os.environ.get("BIN", "./attn-explain")
ENV = dict(os.environ, LC_ALL="C.UTF-8")
DTS = {"F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16}

# ---------------------------------------------------------------- random texts

WORDS = ["the", "journey", "starts", "with", "one", "step", "attention", "query", "Key", "VALUE", "dog", "fox",
         "Café", "naïve", "résumé", "Ångström", "straße", "Привет", "Γειά", "שלום", "مرحبا", "नमस्ते", "สวัสดี",
         "日本語", "中文文本", "한국어", "カタカナ", "ひらがな"]
PIECES = ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'T", "'RE", "'VE", "'M", "'LL", "'D", "'x", "''",
          "n't", "N'T", "I'm", "WE'LL", "it'S",
          "0", "42", "3.14", "1,000", "٣٤", "४२", "²", "½", "Ⅻ", "①", "𝟘𝟙",
          " ", "  ", "   ", "\t", "\n", "\n\n", "\r\n", " \n", "\u00a0", "\u3000", "\u2003", "\u2028", "\u0085",
          "\x0b", "\x0c", "\x1c", "\x1f", "\u200b", "\u180e", "\ufeff",
          ".", ",", "!?", "...", "—", "–", "“", "”", "’", "(", ")", "[", "]", "<|endoftext|>", "#", "$", "%", "_",
          "😀", "👍🏽", "👨\u200d👩\u200d👧", "🇫🇷", "❤️", "🤖", "e\u0301", "a\u0308\u0323", "\u0301", "n\u0303",
          "\u0915\u094d\u0937", "\x00", "\x7f", "\u00ad", "\U0001d400", "\U00010348", "\ufffd"]


def rand_char(r):
    """an assigned code point of Unicode 14 (Python's unicodedata; libpcre2 10.42's tables are 14 too)"""
    while True:
        c = r.choice([r.randint(0x20, 0x7e), r.randint(0xa0, 0x2fff), r.randint(0x3000, 0xd7ff),
                      r.randint(0xf900, 0xfffd), r.randint(0x10000, 0x1faff), r.randint(0x20000, 0x2a6df)])
        if unicodedata.category(chr(c)) not in ("Cn", "Cs", "Co"):
            return chr(c)


def rand_text(r, maxlen=40):
    out = []
    while sum(map(len, out)) < r.randint(1, maxlen):
        k = r.random()
        if k < 0.3:
            w = r.choice(WORDS)
            out.append(w.upper() if r.random() < 0.2 else w)
        elif k < 0.75:
            out.append(r.choice(PIECES))
        else:
            out.append("".join(rand_char(r) for _ in range(r.randint(1, 3))))
        if r.random() < 0.4:
            out.append(" ")
    t = "".join(out)
    if r.random() < 0.2:
        t += r.choice([" ", "  ", "\n", " \n", "\t ", "\n\n"])
    return t


# ---------------------------------------------------------------- random folders

LONG = False	# forward mode: some folders with n_positions up to 70


def rand_config(r, vocab):
    H = r.choice([1, 1, 2, 2, 3, 4, 5, 8])
    d = r.choice([1, 2, 3, 4, 5, 7, 8, 16, 17, 31, 64]) if H <= 2 else r.choice([1, 2, 3, 4, 6, 8, 9, 13])
    cfg = {"model_type": "gpt2", "n_embd": H * d, "n_head": H, "n_layer": r.randint(1, 4),
           "n_positions": r.randint(4, 24)}
    if LONG and r.random() < 0.25:	# scores of over 1000 elements: torch's print summarised
        cfg["n_positions"] = r.randint(25, 70)
    eps = r.choice([1e-5, 1e-6, 1e-12, 3e-5, 1e-3, 0.1, None, "rand"])
    if eps == "rand":
        eps = float("%.*g" % (r.randint(1, 17), 10 ** r.uniform(-9, -1)))
    if eps is not None:
        cfg["layer_norm_epsilon"] = eps
    k = r.random()
    if k < 0.3:
        cfg["n_inner"] = None
    elif k < 0.6:
        cfg["n_inner"] = r.choice([4 * H * d, 2 * H * d, 3 * H * d + 1, r.randint(1, 40)])
    if r.random() < 0.5:
        cfg["activation_function"] = "gelu_new"
    if r.random() < 0.7:
        cfg["vocab_size"] = vocab
    if r.random() < 0.5:
        cfg["n_ctx"] = cfg["n_positions"]
    return cfg


def rand_weights(r, cfg, vocab):
    C, P = cfg["n_embd"], cfg["n_positions"]
    inner = cfg.get("n_inner") or 4 * C
    g = torch.Generator().manual_seed(r.randint(0, 2**31))
    s = lambda: r.choice([0.02, 0.1, 0.2, 0.5, 1.0, 3.0])
    sd = {"wte.weight": torch.randn(vocab, C, generator=g) * s(), "wpe.weight": torch.randn(P, C, generator=g) * s()}
    for l in range(cfg["n_layer"]):
        for name, shape in (("ln_1.weight", (C,)), ("ln_1.bias", (C,)), ("attn.c_attn.weight", (C, 3 * C)),
                            ("attn.c_attn.bias", (3 * C,)), ("attn.c_proj.weight", (C, C)),
                            ("attn.c_proj.bias", (C,)), ("ln_2.weight", (C,)), ("ln_2.bias", (C,)),
                            ("mlp.c_fc.weight", (C, inner)), ("mlp.c_fc.bias", (inner,)),
                            ("mlp.c_proj.weight", (inner, C)), ("mlp.c_proj.bias", (C,))):
            t = torch.randn(*shape, generator=g) * s()
            sd["h.%d.%s" % (l, name)] = t + 1 if name.startswith("ln") and name.endswith("weight") else t
    sd["ln_f.weight"] = torch.randn(C, generator=g) * 0.2 + 1
    sd["ln_f.bias"] = torch.randn(C, generator=g) * 0.2
    return sd


def save_st(sd, path):
    """safetensors by hand (tiny_gpt2.py's layout), tensors in sd's order"""
    hdr, blobs, off = {"__metadata__": {"format": "pt"}}, [], 0
    for name, t in sd.items():
        raw = t.contiguous().reshape(-1).view(torch.uint8).numpy().tobytes()
        dt = [k for k, v in DTS.items() if v == t.dtype][0]
        hdr[name] = {"dtype": dt, "shape": list(t.shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    h = json.dumps(hdr).encode()
    h += b" " * (-(8 + len(h)) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h + b"".join(blobs))


def make_folder(r, d, force=None, small=False):
    """a random GPT-2 folder in d (config keys of force as given; small: n_embd <= 32, few merges);
    returns (config, vocab dict, merges)"""
    os.makedirs(d, exist_ok=True)
    bpe_cases.CORPUS = [rand_text(r, 60) for _ in range(r.randint(1, 6))]
    vocab, merges = bpe_cases.learn(r.randint(0, 60 if small else 150))
    cfg = rand_config(r, len(vocab))
    while small and cfg["n_embd"] > 32:
        cfg = rand_config(r, len(vocab))
    cfg.update(force or {})
    sd = rand_weights(r, cfg, len(vocab))
    mode = r.choice(["F32", "F16", "BF16", "mixed", "mixed"])
    sd = {k: v.to(DTS[r.choice(list(DTS)) if mode == "mixed" else mode]) for k, v in sd.items()}
    if r.random() < 0.4:
        sd = {"transformer." + k: v for k, v in sd.items()}
        if r.random() < 0.5:
            P = cfg["n_positions"]
            for l in range(cfg["n_layer"]):
                sd["transformer.h.%d.attn.bias" % l] = torch.tril(torch.ones(P, P)).view(1, 1, P, P)
                sd["transformer.h.%d.attn.masked_bias" % l] = torch.tensor(-1e4)
            sd["lm_head.weight"] = sd["transformer.wte.weight"]
    items = list(sd.items())
    if r.random() < 0.5:
        r.shuffle(items)
    else:
        items.sort()
    save_st(dict(items), os.path.join(d, "model.safetensors"))
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    tok = r.choice(["hf", "openai", "tokenizer"])
    if tok == "tokenizer":
        with open(os.path.join(d, "tokenizer.json"), "w", encoding="utf-8") as f:
            json.dump({"version": "1.0", "model": {"type": "BPE", "vocab": vocab, "merges": [
                "%s %s" % m if r.random() < 0.5 else list(m) for m in merges]},
                "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False}}, f, ensure_ascii=False)
    else:
        names = ("vocab.json", "merges.txt") if tok == "hf" else ("encoder.json", "vocab.bpe")
        bpe_cases.write_vocab(vocab, merges, d, *names)
        if (len(vocab) + len(merges)) % 2:	# \u escapes, as Hugging Face's own vocab.json has them
            with open(os.path.join(d, names[0]), "w") as f:
                json.dump(vocab, f)
    return cfg, vocab, merges


# ---------------------------------------------------------------- what PyTorch says

def eps_repr(cfg):
    return repr(float(cfg.get("layer_norm_epsilon", 1e-5)))


def code_lines(name, cfg, T, L, ids):
    """gpt2_forward.code(), the epsilon as Python writes it (the line must run as shown)"""
    c = dict(cfg, layer_norm_epsilon=cfg.get("layer_norm_epsilon", 1e-5))
    lines = gf.ORIG_CODE(name, c, T, L, ids)
    if name == "ln_1":
        lines = [lines[0].rsplit(", ", 1)[0] + ", %s)" % eps_repr(cfg)]
    return lines


def load_default(folder):
    """gpt2_forward.load(), GPT2Config's default epsilon where config.json has none"""
    cfg, sd = gf.ORIG_LOAD(folder)
    cfg.setdefault("layer_norm_epsilon", 1e-5)
    return cfg, sd


def shortest(v):
    """a float32 as print_shortest() writes it: the fewest %g digits that read back to it ("4.365358e-25")"""
    import numpy as np
    v = np.float32(v)
    for p in range(1, 10):
        t = "%.*g" % (p, v)
        if np.float32(t) == v:
            return t


gf.shortest = shortest
gf.ORIG_CODE, gf.code = gf.code, code_lines
gf.ORIG_LOAD, gf.load = gf.load, load_default


def labels_of(vocab, ids):
    inv = {v: k for k, v in vocab.items()}
    dec = {v: k for k, v in bpe_cases.bytes_to_unicode().items()}
    return [bpe_cases.label(inv, dec, i) for i in ids]


def run(args, timeout=60):
    p = subprocess.run(args, capture_output=True, timeout=timeout, env=ENV)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def torch_py(script, cwd):
    p = subprocess.run(["env", "-u", "PYTHONUNBUFFERED", "LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas",
                        "/usr/bin/python3", "-"], input=script.encode(), capture_output=True, cwd=cwd, timeout=300)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def first_diff(a, b):
    al, bl = a.split("\n"), b.split("\n")
    for i in range(max(len(al), len(bl))):
        x = al[i] if i < len(al) else "<end>"
        y = bl[i] if i < len(bl) else "<end>"
        if x != y:
            return "line %d: got %r, expected %r" % (i + 1, x[:160], y[:160])
    return "same"


def f32_bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


class Fuzz:
    def __init__(self):
        self.cases = 0
        self.found = {}

    def bad(self, kind, where, what):
        self.found.setdefault(kind, []).append(where)
        print("DIFF %s: %s: %s" % (kind, where, what), flush=True)

    def same(self, kind, where, got, want):
        self.cases += 1
        if got != want:
            self.bad(kind, where, first_diff(got, want))
            return False
        return True


def why_wrapped(text):
    """why_text()'s products four to a line, as -v shows every term"""
    out = []
    for line in text.split("\n"):
        terms = line[4:].split(" + ") if line.startswith("  = ") and " * " in line else None
        if terms is None:
            out.append(line)
            continue
        out += [("  = " if i == 0 else "    + ") + " + ".join(terms[i:i + 4]) for i in range(0, len(terms), 4)]
    return "\n".join(out)


def why_values(z, r, base, where, st, names):
    """--why on one random element of every stage: its value as torch's, and no note that the
    recomputation differs from the stage's bits"""
    idx = [tuple(r.randrange(n) for n in st[name].shape) for name in names]
    rc, out, err = run(base + sum((["--why", "%s[%s]" % (n, ", ".join(map(str, i)))] for n, i in zip(names, idx)), []))
    got = [line.split("  (")[0] for line in out.split("\n") if line[:1].isalpha()]
    want = ["%s[%s] = %s" % (n, ", ".join(map(str, i)), int(st[n][i]) if n == "token_ids" else shortest(st[n][i]))
            for n, i in zip(names, idx)]
    z.same("why-value", where, "\n".join(got) + err, "\n".join(want))
    if "note" in out:
        z.bad("why-note", where, [line for line in out.split("\n") if "note" in line][0][:200])


def one_run(z, r, d, cfg, vocab, merges, emit):
    """one random text or ids, layer and head on folder d: every comparison"""
    L = r.randrange(cfg["n_layer"])
    H = r.choice([None, r.randrange(cfg["n_head"])])
    text = None
    if r.random() < 0.7:
        text = rand_text(r, 3 * cfg["n_positions"]).replace("\0", "")	# argv has no NUL
        ids = bpe_cases.Encoder(vocab, merges).encode(text)
        if not ids or len(ids) > cfg["n_positions"]:
            text = None
    if text is None:
        ids = [r.randrange(len(vocab)) for _ in range(r.randint(1, cfg["n_positions"]))]
    base = [BIN, "--model", d] + (["--text", text] if text is not None else ["--tokens", ",".join(map(str, ids))])
    base += ["--layer", str(L)] + ([] if H is None else ["--head", str(H)])
    where = "%s %s" % (os.path.basename(d), " ".join(map(repr, base[3:])))
    st = gf.forward(d, ids, L)
    labels = labels_of(vocab, ids)
    rc, out, err = run(base + ["--heatmap"])
    z.same("cells", where, out + err, gf.cli_out(d, ids, L, H, labels))
    names = [n for n in gf.ORDER if n in st]
    rc, out, err = run(base + sum((["--print", n] for n in names), []))
    z.same("print", where, out + err, "".join(str(st[n]) + "\n" for n in names))
    rc, out, err = run(base + ["--json"])
    z.cases += 1
    try:
        j = json.loads(out)
        got = {s["name"]: s for s in j["stages"]}
        assert [s["name"] for s in j["stages"]] == names, "stage names %s" % [s["name"] for s in j["stages"]]
        assert j["tokens"] == labels, "tokens %r, expected %r" % (j["tokens"], labels)
        assert float(j["config"]["layer_norm_epsilon"]) == cfg.get("layer_norm_epsilon", 1e-5), \
            "layer_norm_epsilon %r" % j["config"]["layer_norm_epsilon"]
        for n in names:
            t = st[n]
            assert got[n]["shape"] == list(t.shape), "%s: shape %s" % (n, got[n]["shape"])
            assert got[n]["expression"] == "\n".join(gf.code(n, cfg, len(ids), L, ids)), \
                "%s: expression %r" % (n, got[n]["expression"])
            want = t.reshape(-1).tolist()
            if n != "token_ids":
                want = [f32_bits(v) for v in want]
                have = [f32_bits(float(v)) for v in got[n]["data"]]   # "-inf" as a string
            else:
                have = got[n]["data"]
            assert have == want, "%s: data differ" % n
    except (AssertionError, ValueError, KeyError, TypeError) as e:
        z.bad("json", where, str(e)[:300] + (" / " + err.strip()[:200] if err else ""))
    if text is not None:
        h = H if H is not None else 0
        i = r.randrange(len(ids))
        exprs = [("attn_weights", (h, i, r.randint(0, i))), ("attn_scores", (h, i, r.randrange(len(ids)))),
                 ("scaled_scores", (h, i, r.randrange(len(ids))))]
        if i + 1 < len(ids):
            exprs.append(("masked_scores", (h, i, r.randint(i + 1, len(ids) - 1))))
        rc, out, err = run(base + ["-v"] + sum((["--why", "%s[0, %d, %d, %d]" % ((n,) + x)] for n, x in exprs), []))
        z.same("why", where, out + err, why_wrapped(gf.why_text(d, ids, L, labels, exprs)))
    why_values(z, r, base, where, st, names)
    if emit:
        rc, out, err = run(base + ["--emit", "python"])
        rc2, cells, err2 = run(base)
        prc, pout, perr = torch_py(out, os.getcwd())
        if prc != 0:
            z.bad("emit", where, "the script failed: " + perr.strip().split("\n")[-1][:200])
        else:
            z.same("emit", where, pout, cells + err2)


def forward_mode(seed, count):
    global LONG
    LONG = True
    z = Fuzz()
    r = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="model-fuzz-")
    try:
        for k in range(count):
            d = os.path.join(tmp, "m%d" % k)
            cfg, vocab, merges = make_folder(r, d)
            for j in range(3):
                try:
                    one_run(z, r, d, cfg, vocab, merges, emit=(j == 0))
                except subprocess.TimeoutExpired as e:
                    z.bad("hang", d, str(e))
                except Exception as e:	# the fuzzer's own mistake: say so, go on
                    z.bad("fuzzer", d, "%s: %s" % (type(e).__name__, e))
            shutil.rmtree(d) if not z.found else None
    finally:
        if not z.found:
            shutil.rmtree(tmp)
    report(z, tmp if z.found else None)


def report(z, kept):
    kinds = ", ".join("%s %d" % (k, len(v)) for k, v in sorted(z.found.items())) or "none"
    print("model_fuzz: %d comparisons, discrepancies: %s%s" % (z.cases, kinds, "; folders kept in " + kept if kept else ""))


# ---------------------------------------------------------------- GPT-2's real vocabulary

def openai_encoder(vocab_dir):
    """OpenAI's encoder.py itself (openai_encoder.py or encoder.py beside the vocabulary)"""
    import importlib.util
    for name in ("openai_encoder.py", "encoder.py"):
        path = os.path.join(vocab_dir, name)
        if os.path.exists(path):
            spec = importlib.util.spec_from_file_location("openai_encoder", path)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            with open(os.path.join(vocab_dir, "encoder.json")) as f:
                enc = json.load(f)
            with open(os.path.join(vocab_dir, "vocab.bpe"), encoding="utf-8") as f:
                merges = [tuple(m.split()) for m in f.read().split("\n")[1:-1]]
            return mod.Encoder(encoder=enc, bpe_merges=merges), enc, merges
    raise SystemExit("model_fuzz: no encoder.py in %s" % vocab_dir)


BAD_SEQS = [b"\x80", b"\xbf", b"\xc0\xaf", b"\xc1\xbf", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xed\xbf\xbf",
            b"\xf0\x9f\x98", b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xff", b"\xfe", b"\xe0\x80\xaf",
            b"\xf0\x80\x80\xaf", b"\xf8\x88\x80\x80\x80"]


def bad_text(r):
    raw = rand_text(r, 30).encode()
    k = r.randint(0, len(raw))
    while k < len(raw) and (raw[k] & 0xc0) == 0x80:
        k += 1	# at a character's start: the text before stays valid
    return raw[:k] + r.choice(BAD_SEQS) + raw[k:]


def rand_unicode(r):
    return "".join(rand_char(r) if r.random() < 0.7 else r.choice(PIECES) for _ in range(r.randint(1, 25)))


def bpe_mode(seed, count):
    z = Fuzz()
    r = random.Random(seed)
    vocab_dir = os.environ.get("VOCAB_DIR", "/work/cache/gpt2-vocab")
    e, enc, merges = openai_encoder(vocab_dir)
    tmp = tempfile.mkdtemp(prefix="model-fuzz-bpe-")
    lines = []
    for k in range(count):
        if k % 10 == 9:
            b = bad_text(r)
            lines.append(bpe_cases.bad_case(b))
            continue
        t = rand_text(r, 80) if r.random() < 0.6 else rand_unicode(r)
        ids = e.encode(t)
        assert e.decode(ids) == t
        lines.append(json.dumps({"hex": t.encode().hex(), "text": t, "ids": ids}, ensure_ascii=False) + "\n")
    model = os.path.join(TOP, "tests", "model")
    for n in os.listdir(model):	# tests/model as it is, bpe-gpt2-openai.jsonl replaced by these texts
        if n != "bpe-gpt2-openai.jsonl":
            os.symlink(os.path.join(os.path.abspath(model), n), os.path.join(tmp, n))
    with open(os.path.join(tmp, "bpe-gpt2-openai.jsonl"), "w") as f:
        f.writelines(lines)
    p = subprocess.run([os.environ.get("MODELRUN", "tests/modelrun"), tmp], capture_output=True,
                       env=dict(ENV, GPT2_VOCAB_DIR=vocab_dir), timeout=600)
    out = p.stdout.decode("utf-8", "replace") + p.stderr.decode("utf-8", "replace")
    z.cases += len(lines)
    for line in out.split("\n"):
        if "bpe-gpt2-openai.jsonl:" in line:
            n = int(line.split("bpe-gpt2-openai.jsonl:")[1].split(":")[0])
            z.bad("bpe", line.strip()[:200], lines[n - 1].strip()[:300])
    cli_bpe(z, r, enc, merges, tmp, max(count // 20, 5))
    report(z, tmp if z.found else None)
    if not z.found:
        shutil.rmtree(tmp)


def cli_bpe(z, r, enc, merges, tmp, count):
    """texts through attn-explain --model --text on a folder with GPT-2's vocabulary (n_embd 2)"""
    d = os.path.join(tmp, "gpt2-vocab-model")
    os.makedirs(d)
    cfg = {"model_type": "gpt2", "n_embd": 2, "n_head": 1, "n_layer": 1, "n_positions": 1024, "vocab_size": len(enc)}
    save_st(rand_weights(r, cfg, len(enc)), os.path.join(d, "model.safetensors"))
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(cfg, f)
    for n in ("encoder.json", "vocab.bpe"):
        shutil.copy(os.path.join(os.environ.get("VOCAB_DIR", "/work/cache/gpt2-vocab"), n), d)
    e = bpe_cases.Encoder(enc, merges)
    for k in range(count):
        raw = (bad_text(r) if k % 4 == 3 else rand_text(r, 80).encode()).replace(b"\0", b"")	# argv has no NUL
        try:
            ids = e.encode(raw.decode("utf-8"))
            want = str(torch.tensor([ids])) + "\n"
            if not ids:
                continue
        except UnicodeDecodeError as ex:
            want = "attn-explain: text: invalid UTF-8 at byte %d\n" % ex.start
        p = subprocess.run([BIN, "--model", d, "--text", raw, "--print", "token_ids"], capture_output=True,
                           timeout=60, env=ENV)
        z.same("bpe-cli", repr(raw)[:120], (p.stdout + p.stderr).decode("utf-8", "replace"), want)


# ---------------------------------------------------------------- bad input

LLAMA = ["model.embed_tokens.weight", "model.layers.0.self_attn.q_proj.weight", "model.norm.weight", "lm_head.weight"]


def mutate_header(r, hdr):
    """one fault in a safetensors header (a dict); returns what it did"""
    names = [k for k in hdr if k != "__metadata__"]
    n = r.choice(names)
    t = hdr[n]
    k = r.randrange(14)
    if k == 0:
        t["data_offsets"] = [t["data_offsets"][0], t["data_offsets"][1] + r.choice([1, 4, 1 << 40, -1])]
    elif k == 1:
        other = hdr[r.choice(names)]
        t["data_offsets"] = list(other["data_offsets"])	# overlapping (or the same) bytes
    elif k == 2:
        t["data_offsets"] = [t["data_offsets"][1], t["data_offsets"][0]]
    elif k == 3:
        t["data_offsets"] = r.choice([[0], [], "0,4", [0.5, 4], [-4, 0], [2**64, 2**64 + 4], None, [0, 2**63]])
    elif k == 4:
        t["shape"] = r.choice([[], [0], [-1], [2**40, 2**40], [1.5], "3", t["shape"][::-1], t["shape"] + [1],
                               [x + 1 for x in t["shape"]]])
    elif k == 5:
        t["dtype"] = r.choice(["F64", "I64", "I8", "U8", "BOOL", "F8_E4M3", "bf16", "f32", "", 5, None, "F32 "])
    elif k == 6:
        del hdr[n]
    elif k == 7:
        hdr[r.choice(LLAMA)] = hdr.pop(n)
    elif k == 8:
        for m in names:
            hdr[r.choice(LLAMA) + str(names.index(m))] = hdr.pop(m)
    elif k == 9:
        del t[r.choice(["dtype", "shape", "data_offsets"])]
    elif k == 10:
        hdr[n] = r.choice([[], "x", 3, None, {}])
    elif k == 11:
        hdr["__metadata__"] = r.choice([None, 3, [], {"format": 3}])
    elif k == 12:
        t["extra"] = {"deep": [[[[[[[[[]]]]]]]]]}
    else:
        t["data_offsets"] = [t["data_offsets"][0] + 2, t["data_offsets"][1] + 2]	# misaligned, overlapping
    return "header: %s %d" % (n, k)


def mutate_st(r, raw):
    """model.safetensors's bytes with one fault; (bytes, what)"""
    n = struct.unpack("<Q", raw[:8])[0]
    hdr = json.loads(raw[8:8 + n])
    k = r.randrange(8)
    if k == 0:
        cut = r.randint(0, len(raw) - 1)
        return raw[:cut], "truncated at %d" % cut
    if k == 1:
        v = r.choice([0, 1, 7, n - 1, n + 1, len(raw), len(raw) - 7, 2**63, 2**64 - 1, 100 << 20, 1 << 40])
        return struct.pack("<Q", v) + raw[8:], "header length %d" % v
    if k == 2:
        i = r.randrange(8, 8 + n)
        b = bytearray(raw)
        b[i] = r.choice([0, 0x22, 0x5c, 0x7b, 0x7d, 0xff, 0x80, 0x2c, 0x30])
        return bytes(b), "header byte %d" % i
    if k == 3:
        h = json.dumps(hdr).encode()[:r.randint(0, n)]
        return struct.pack("<Q", len(h)) + h + raw[8 + n:], "header JSON cut"
    what = mutate_header(r, hdr)
    h = json.dumps(hdr).encode()
    return struct.pack("<Q", len(h)) + h + raw[8 + n:], what


def mutate_config(r, cfg):
    k = r.randrange(6)
    key = r.choice(["n_embd", "n_head", "n_layer", "n_positions", "vocab_size", "layer_norm_epsilon", "n_inner",
                    "activation_function", "model_type", "scale_attn_weights", "reorder_and_upcast_attn"])
    if k == 0 and key in cfg:
        del cfg[key]
    elif k == 1:
        cfg[key] = r.choice([0, -1, 1.5, "8", None, True, [], {}, 2**31, 1e300, float("nan"), "gelu", "llama", 1e-30])
    elif k == 2:
        cfg["n_embd"], cfg["n_head"] = cfg["n_embd"] + 1, cfg["n_head"]
    elif k == 3:
        return json.dumps(cfg)[:r.randint(0, 40)], "config cut"
    elif k == 4:
        return r.choice(["", "[]", "null", "{", "\xff\xfe", '{"n_embd": 1e999}', "{" * 100000]), "config garbage"
    else:
        cfg[key] = r.choice(["gelu", "relu", "gelu_new ", False, 0.0, 1.0, -1e-5])
    return json.dumps(cfg, allow_nan=True), "config %s %d" % (key, k)


def bad_mode(seed, count):
    z = Fuzz()
    r = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="model-fuzz-bad-")
    base = os.path.join(tmp, "base")
    cfg, vocab, merges = make_folder(r, base)
    with open(os.path.join(base, "model.safetensors"), "rb") as f:
        raw = f.read()
    d = os.path.join(tmp, "m")
    for k in range(count):
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(base, d)
        if r.random() < 0.7:
            data, what = mutate_st(r, raw)
            with open(os.path.join(d, "model.safetensors"), "wb") as f:
                f.write(data)
            file = "model.safetensors"
        else:
            text, what = mutate_config(r, dict(cfg))
            with open(os.path.join(d, "config.json"), "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
            file = "config.json"
        args = [BIN, "--model", d, "--tokens", "1,0", "--layer", str(cfg["n_layer"] - 1)]
        z.cases += 1
        try:
            p = subprocess.run(args, capture_output=True, timeout=10, env=ENV)
        except subprocess.TimeoutExpired:
            z.bad("hang", what, "no end in 10 s")
            keep(tmp, k, d)
            continue
        err = p.stderr.decode("utf-8", "replace")
        lines = err.split("\n")
        if os.environ.get("SHOW"):
            print("%-40s %d %s" % (what[:40], p.returncode, lines[0][len(d) + 15:][:150]))
        if p.returncode < 0 or "Sanitizer" in err or "runtime error" in err:
            z.bad("crash", what, "status %d: %s" % (p.returncode, err.strip()[-300:]))
        elif p.returncode == 0:
            continue	# a fault that is no fault (the tensors read back still fit): nothing to say
        elif len(lines) != 2 or lines[1] != "" or not lines[0].startswith("attn-explain: "):
            z.bad("lines", what, repr(err[:300]))
        elif file not in lines[0] and not (file == "config.json" and "model.safetensors" in lines[0]):
            z.bad("unnamed", what, lines[0][:200])
        else:
            continue
        keep(tmp, k, d)
    report(z, tmp if z.found else None)
    if not z.found:
        shutil.rmtree(tmp)


def keep(tmp, k, d):
    shutil.copytree(d, os.path.join(tmp, "fail%d" % k))


# ---------------------------------------------------------------- the committed batch

REGRESS = [	# a fault the fuzzer found, each fixed: the folder's forced config
    ("inner", {"n_embd": 12, "n_head": 3, "n_layer": 2, "n_inner": 37}),	# n_inner, not 4C
    ("eps", {"layer_norm_epsilon": 1.2345678901e-05}),	# the line's epsilon as Python writes it
    ("c1", {"n_embd": 1, "n_head": 1, "n_layer": 2, "n_inner": 4, "layer_norm_epsilon": 1e-12}),	# addmm of one
    # column: the bias last (epsilon 1e-12: ln_1 then shows the residual's last bit)
]


def cases_mode(seed, count):
    """tests/model/fuzz-NAME/ (the folder, run-J.json) and tests/cli/model-fuzz-NAME-J.{cmd,out,err}"""
    r = random.Random(seed)
    model, cli = os.path.join(TOP, "tests", "model"), os.path.join(TOP, "tests", "cli")
    todo = [("%02d" % k, None) for k in range(count)] + REGRESS
    for name, force in todo:
        d = os.path.join(model, "fuzz-" + name)
        shutil.rmtree(d, ignore_errors=True)
        cfg, vocab, merges = make_folder(r, d, force, small=True)
        for j in range(2):
            L = cfg["n_layer"] - 1 if force else r.randrange(cfg["n_layer"])
            H = r.choice([None, r.randrange(cfg["n_head"])])
            text, ids = None, []
            if j == 0:
                text = rand_text(r, 2 * cfg["n_positions"])
                ids = bpe_cases.Encoder(vocab, merges).encode(text)
            if not ids or len(ids) > cfg["n_positions"] or (force and j == 1):	# a fault's case: every position
                n = cfg["n_positions"] if force and j == 1 else r.randint(1, cfg["n_positions"])
                text, ids = None, [r.randrange(len(vocab)) for _ in range(n)]
            run = {"model": ".", "layer": L}
            run.update({} if H is None else {"head": H})
            run.update({"text": text} if text is not None else {"tokens": ids})
            with open(os.path.join(d, "run-%d.json" % j), "w", encoding="utf-8") as f:
                json.dump(run, f, ensure_ascii=False)
            base = "tests/model/fuzz-%s/run-%d.json" % (name, j)
            labels = labels_of(vocab, ids)
            write_cli(cli, "model-fuzz-%s-%d" % (name, j), "$BIN %s --heatmap" % base,
                      gf.cli_out(d, ids, L, H, labels))
            if text is not None:
                h = H if H is not None else 0
                i = r.randrange(len(ids))
                exprs = [("attn_weights", (h, i, r.randint(0, i))), ("attn_scores", (h, i, r.randrange(len(ids))))]
                write_cli(cli, "model-fuzz-%s-why" % name, "$BIN %s -v %s" % (base, " ".join(
                    "--why '%s[0, %d, %d, %d]'" % ((n,) + x) for n, x in exprs)),
                    why_wrapped(gf.why_text(d, ids, L, labels, exprs)))
        print("fuzz-%s: %s" % (name, json.dumps(cfg)))


def write_cli(cli, name, cmd, out):
    with open(os.path.join(cli, name + ".cmd"), "w") as f:
        f.write(cmd + "\n")
    with open(os.path.join(cli, name + ".out"), "w", encoding="utf-8") as f:
        f.write(out)
    with open(os.path.join(cli, name + ".err"), "w") as f:
        f.write("status 0\n")


def main():
    a = sys.argv[1:]
    mode = a.pop(0) if a else "forward"
    opt = lambda name, dflt: int(a[a.index(name) + 1]) if name in a else dflt
    seed, count = opt("--seed", 1), opt("--count", 20)
    {"forward": forward_mode, "bpe": bpe_mode, "bad": bad_mode, "cases": cases_mode}[mode](seed, count)


if __name__ == "__main__":
    main()
