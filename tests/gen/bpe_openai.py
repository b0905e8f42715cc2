#!/usr/bin/python3
"""bpe_openai.py - tests/model/bpe-gpt2-openai.jsonl: texts -> GPT-2 ids by
OpenAI's own src/encoder.py (github.com/openai/gpt-2, MIT), imported as it
is, on GPT-2's real vocabulary (encoder.json + vocab.bpe, MIT; sha256
196139668be6... and 1ce1664773c5..., the files openaipublic serves).
tests/modelrun.c reads the file when GPT2_VOCAB_DIR (tests/run.sh looks in
tests/model/gpt2, ~/.cache/attn-explain/gpt2-vocab, /work/cache/gpt2-vocab)
holds that vocabulary, and says "skip" otherwise.  Each line:
{"hex": UTF-8 bytes, "text": readable, "ids": [...]} or, for bytes that are
not UTF-8, {"hex": ..., "error": "text: invalid UTF-8 at byte N"} with N
Python's UnicodeDecodeError.start.
Usage (encoder.py needs the regex module: Debian's python3-regex):
    /usr/bin/python3 tests/gen/bpe_openai.py ENCODER_PY VOCAB_DIR
"""
import hashlib
import importlib.util
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpe_cases  # noqa: E402  (bad_case: the line of bytes that are not UTF-8)

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "model")
SHA = {"encoder.json": "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783",
       "vocab.bpe": "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5"}

TEXTS = [
    "Every effort moves you",
    "Hello, I am",
    "In the heart of the city stood the old library, a relic from a bygone era.",
    # long words: many merges in one piece
    "antidisestablishmentarianism Pneumonoultramicroscopicsilicovolcanoconiosis",
    "Donaudampfschifffahrtsgesellschaftskapitän Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
    "supercalifragilisticexpialidocious" * 3,
    "x" * 300,
    # numbers
    "1234567890 12,345.67 3.14e-10 0x1F 1st 2nd 3rd 4th 1/2 -42 +7 100% $5.99 €10 ¥1000",
    "2024-06-30T12:34:56Z 192.168.0.1 +1 (555) 123-4567",
    # contractions, case and quotes
    "don't won't can't shouldn't y'all I'd've it's o'clock rock'n'roll",
    "I'M SURE HE'S FINE. We'Re Not. 'quoted' ''double'' '''triple'''",
    # punctuation runs
    "Wait... what?! (yes) [no] {maybe} <tag/> a--b a---b ;;; ::: ,,, .!?.!?",
    "#include <stdio.h>\nint main(void) { return 0; }\n",
    "@user #hashtag a_b_c snake_case CamelCase kebab-case path/to/file.txt C:\\Windows\\",
    # white space
    "a  b   c    d\t\te\t \tf\n\ng\r\nh \n i",
    "\n\n\n",
    "    ",
    " ",
    "trailing spaces    ",
    "\u3000ideographic\u3000space\u00a0nbsp\u2009thin\u200bzero-width",
    # accents, composed and combining
    "café caf\u0065\u0301 naïve na\u0069\u0308ve Ñandú São Paulo Zürich Øresund łódź",
    # other scripts
    "机器学习是人工智能的一个分支。",
    "東京は日本の首都です。カタカナ ひらがな",
    "안녕하세요 세계",
    "Ελληνικά русский язык עברית العربية हिन्दी ไทย",
    # emoji, flags, modifiers
    "I ❤️ NY 🍕🍕🍕 🤖💬 👩🏽‍💻 🏳️‍🌈",
    "<|endoftext|>The end.<|endoftext|>",
]
BAD = [
    b"ok \xc0\xaf overlong",
    b"\xed\xa0\x80 surrogate",
    b"truncated at the end \xf0\x9f\x98",
    b"\x80 lone continuation",
    b"abc\xffdef",
    b"caf\xe9 latin-1",
    b"\xf4\x90\x80\x80 past U+10FFFF",
]


def main():
    enc_py, vocab_dir = sys.argv[1], sys.argv[2]
    for name, sha in SHA.items():
        with open(os.path.join(vocab_dir, name), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == sha, name + ": not GPT-2's file"
    spec = importlib.util.spec_from_file_location("encoder", enc_py)
    encoder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(encoder)
    with open(os.path.join(vocab_dir, "encoder.json")) as f:
        enc = json.load(f)
    with open(os.path.join(vocab_dir, "vocab.bpe"), encoding="utf-8") as f:
        bpe_data = f.read()
    merges = [tuple(m.split()) for m in bpe_data.split("\n")[1:-1]]   # as encoder.get_encoder() reads them
    e = encoder.Encoder(encoder=enc, bpe_merges=merges)
    with open(os.path.join(HERE, "bpe-gpt2-openai.jsonl"), "w") as out:
        for t in TEXTS:
            ids = e.encode(t)
            assert e.decode(ids) == t
            out.write(json.dumps({"hex": t.encode().hex(), "text": t, "ids": ids}, ensure_ascii=False) + "\n")
        for b in BAD:
            out.write(bpe_cases.bad_case(b))


if __name__ == "__main__":
    main()
