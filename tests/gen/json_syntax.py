#!/usr/bin/env python3
"""Write tests/json-syntax-cases.txt: JSON texts, valid and invalid, each with
the verdict of Python's json module, which follows RFC 8259 strictly once
NaN/Infinity are refused (parse_constant) and the bytes are decoded as strict
UTF-8.  tests/test_json.c runs attn-explain's syntax check (json.c,
check_syntax) on every text and compares the verdicts.

The verdicts are Python's, except for three limits of attn-explain, applied
here on Python's parse, not on the text:
  - a string or key holding U+0000 (written \\u0000) is refused: cJSON would
    cut it there;
  - a string or key holding a lone surrogate (\\ud800 without its low half)
    is refused: cJSON cannot decode it;
  - nesting deeper than 64 arrays/objects is refused.
A leading UTF-8 byte order mark is skipped, as attn-explain does.

    /usr/bin/python3 tests/gen/json_syntax.py    (deterministic: seeded)
"""
import json
import os
import random

OUT = os.path.join(os.path.dirname(__file__), '..', 'json-syntax-cases.txt')
MAX_DEPTH = 64


def refuse_constant(name):
    raise ValueError('not JSON: ' + name)


def bad_string(s):
    return '\0' in s or any(0xd800 <= ord(ch) <= 0xdfff for ch in s)


class Obj(list):
    """An object as its list of (key, value) pairs: every key is seen, duplicates too."""


def check(v, depth=0):
    """(ok, depth): no U+0000 or lone surrogate in any string or key; the nesting depth."""
    if isinstance(v, str):
        return not bad_string(v), depth
    if isinstance(v, list):
        d = depth + 1
        for e in v:
            if isinstance(v, Obj):
                k, e = e
                if bad_string(k):
                    return False, 0
            ok, de = check(e, depth + 1)
            if not ok:
                return False, 0
            d = max(d, de)
        return True, d
    return True, depth


def verdict(b):
    """True when attn-explain must accept the bytes b as JSON text."""
    if b.startswith(b'\xef\xbb\xbf'):
        b = b[3:]
    try:
        s = b.decode('utf-8')      # strict: no surrogates, overlongs, > U+10FFFF
    except UnicodeDecodeError:
        return False
    try:
        v = json.loads(s, parse_constant=refuse_constant, object_pairs_hook=Obj)
    except (ValueError, RecursionError):
        return False
    ok, depth = check(v)
    return ok and depth <= MAX_DEPTH


# ---- valid documents, written in many styles ----

def rand_number(r):
    intpart = r.choice(['0', '1', '7', '42', '123456789', '9007199254740993', str(r.randrange(10 ** 6))])
    s = r.choice(['', '-']) + intpart
    if r.random() < 0.4:
        s += '.' + ''.join(r.choice('0123456789') for _ in range(r.randrange(1, 8)))
    if r.random() < 0.3:
        s += r.choice('eE') + r.choice(['', '+', '-']) + str(r.randrange(0, 400))
    return s


STRING_PIECES = ['a', 'inputs', ' ', '\u00e8', '\u20ac', '\U0001f600', '\\n', '\\t', '\\"', '\\\\', '\\/',
                 '\\b', '\\f', '\\r', '\\u0041', '\\u00e8', '\\ud83d\\ude00', '\\uFFFF', '\\u001b', '\x7f',
                 '\u2028', '\ufeff', '_comment', "'", '/', '*']


def rand_string(r):
    return '"' + ''.join(r.choice(STRING_PIECES) for _ in range(r.randrange(0, 5))) + '"'


def ws(r):
    return r.choice(['', '', '', ' ', '  ', '\n', '\t', '\r\n', ' \n  '])


def rand_value(r, depth):
    k = r.random()
    if depth < 4 and k < 0.25:
        n = r.randrange(0, 4)
        return '[' + ws(r) + (',' + ws(r)).join(rand_value(r, depth + 1) + ws(r) for _ in range(n)) + ']'
    if depth < 4 and k < 0.5:
        n = r.randrange(0, 4)
        return '{' + ws(r) + (',' + ws(r)).join(
            rand_string(r) + ws(r) + ':' + ws(r) + rand_value(r, depth + 1) + ws(r) for _ in range(n)) + '}'
    if k < 0.7:
        return rand_number(r)
    if k < 0.9:
        return rand_string(r)
    return r.choice(['true', 'false', 'null'])


def rand_doc(r):
    return ws(r) + rand_value(r, 0) + ws(r)


# ---- mutations ----

BYTES = [b'{', b'}', b'[', b']', b',', b':', b'"', b'\\', b' ', b'0', b'1', b'9', b'.', b'e', b'E', b'+',
         b'-', b't', b'f', b'n', b'u', b'/', b'*', b"'", b'\t', b'\n', b'\r', b'\x00', b'\x01', b'\x0c',
         b'\x1f', b'\x7f', b'\x80', b'\xbf', b'\xc3', b'\xa9', b'\xc0', b'\xed', b'\xef', b'\xbb', b'\xf4',
         b'\xf5', b'\xff', b'a', b'x', b'A', b'F']
TOKENS = [b'NaN', b'Infinity', b'-Infinity', b'True', b'False', b'None', b'true', b'null', b'\\u0000',
          b'\\ud800', b'\\udc00', b'\\ud800\\udc00', b'\\udbff\\udfff', b'\\uD834\\uDD1E', b'\\u12',
          b'\\x41', b'//', b'/* c */', b'01', b'00', b'-0', b'1.', b'.5', b'+1', b'1e', b'1e+', b'0x1F',
          b'-', b'\xef\xbb\xbf', b'\xe2\x80\x9c', b'\xed\xa0\x80', b'\xf0\x9f\x98\x80', b'\xc3\xa8',
          b'\xe0\x80\xaf', b'\xf4\x90\x80\x80', b'\xc2\x9b', b',', b',]', b',}', b'""', b'"', b'[]', b'{}']


def mutate(r, b):
    for _ in range(r.choice([1, 1, 1, 2, 3])):
        i = r.randrange(0, len(b) + 1)
        k = r.random()
        if k < 0.25 and b:
            i = min(i, len(b) - 1)
            b = b[:i] + b[i + 1:]
        elif k < 0.5:
            b = b[:i] + r.choice(BYTES) + b[i:]
        elif k < 0.7 and b:
            i = min(i, len(b) - 1)
            b = b[:i] + r.choice(BYTES) + b[i + 1:]
        elif k < 0.95:
            b = b[:i] + r.choice(TOKENS) + b[i:]
        else:
            b = b[:i]                      # truncated
    return b


# ---- cases written out: the corners the check must get right ----

HAND = [
    b'{}', b'[]', b'0', b'-0', b'-0.0', b'0e0', b'0E+1', b'1E-2', b'-1.5e300', b'1e400', b'"x"', b'true',
    b'null', b' \t\r\n[ ] \n', b'\xef\xbb\xbf{}', b'\xef\xbb\xbf\xef\xbb\xbf{}', b'{"a":1,"a":2}',
    b'["\\u0041\\u00e8\\ud83d\\ude00"]', b'["\\uD800\\uDC00"]', b'["\\udbff\\udfff"]', b'["\xf4\x8f\xbf\xbf"]',
    b'["\xf4\x90\x80\x80"]', b'["\xed\x9f\xbf"]', b'["\xed\xa0\x80"]', b'["\xe0\xa0\x80"]', b'["\xe0\x9f\xbf"]',
    b'["\xc2\x80"]', b'["\xc1\xbf"]', b'["\x7f"]', b'["\xef\xbb\xbf"]', b'["\\u0000"]', b'{"\\u0000":1}',
    b'["\\ud800"]', b'["\\udc00"]', b'["\\ud800\\u0041"]', b'["\\ud800\\ud800"]', b'["\\ud800x"]', b'["\\u12"]',
    b'["\\u12G4"]', b'["\\U0041"]', b'["\\x41"]', b'["\\a"]', b'["\\\'"]', b'["a\tb"]', b'["a\nb"]', b'["a\x01b"]',
    b'["a\x1fb"]', b'["a\\\nb"]', b'[01]', b'[-01]', b'[00]', b'[1.]', b'[.5]', b'[+1]', b'[1e]', b'[1e+]',
    b'[1.e1]', b'[-]', b'[--1]', b'[0x1F]', b'[NaN]', b'[Infinity]', b'[-Infinity]', b'[nan]', b'[inf]',
    b'[True]', b'[None]', b'[tru]', b'[truex]', b'[nul]', b'[1,]', b'{"a":1,}', b'[,]', b'{,}', b'[1 2]',
    b'{"a" 1}', b'{"a":1 "b":2}', b"{'a':1}", b"['a']", b'{a:1}', b'{1:1}', b'[1]]', b'[[1]', b'{"a":[1}',
    b'[1] [2]', b'[1] x', b'[1] //c', b'//c\n[1]', b'/*c*/[1]', b'[1]\x00', b'\x00[1]', b'', b' ', b'\n\n',
    b'[\xef\xbb\xbf1]', b'[1\xef\xbb\xbf]', b'[\x0c1]', b'[1\x0b]', b'[\xc2\xa01]', b'\xe2\x80\x9ca\xe2\x80\x9d',
    b'"abc', b'"abc\\', b'"abc\\"', b'["abc', b'{"a', b'{"a"', b'{"a":', b'{"a":1', b'[', b'{', b'-',
    b'"\\/"', b'"\\b\\f\\n\\r\\t"', b'"\\u00e9"', b'"\xc3\xa9"', b'"\xe9"',
    b'[' * 64 + b']' * 64, b'[' * 65 + b']' * 65, b'{"a":' * 64 + b'1' + b'}' * 64,
    b'{"a":' * 65 + b'1' + b'}' * 65, b'[' * 63 + b'{}' + b']' * 63, b'[' * 64 + b'{}' + b']' * 64,
]


def escape(b):
    """The text on one line: printable ASCII as is (a space at the end as \\x20), \\\\, \\xNN."""
    out = []
    for i, c in enumerate(b):
        if c == 0x5c:
            out.append('\\\\')
        elif 0x21 <= c < 0x7f or (c == 0x20 and i + 1 < len(b)):
            out.append(chr(c))
        else:
            out.append('\\x%02x' % c)
    return ''.join(out)


def main():
    r = random.Random(14)
    cases = []
    seen = set()

    def add(b):
        if b not in seen and len(b) <= 400:
            seen.add(b)
            cases.append((verdict(b), b))

    for b in HAND:
        add(b)
    valid = []
    while len(valid) < 600:
        d = rand_doc(r).encode()
        json.loads(d.decode())         # every generated document is JSON
        valid.append(d)
        add(d)
    n = 0
    while n < 2600:
        before = len(cases)
        add(mutate(r, r.choice(valid)))
        n += len(cases) - before
    with open(OUT, 'w') as f:
        f.write('# json-syntax-cases.txt - made by tests/gen/json_syntax.py (Python %s json module): do not edit.\n'
                % '.'.join(map(str, __import__('sys').version_info[:3])))
        f.write('# VERDICT TEXT per line.  TEXT: printable ASCII as is, \\\\ a backslash, \\xNN any other byte.\n')
        f.write('# %d cases, %d accept, %d reject\n' % (len(cases), sum(v for v, _ in cases),
                                                       sum(not v for v, _ in cases)))
        for v, b in cases:
            f.write('%s %s\n' % ('accept' if v else 'reject', escape(b)))
    print('%d cases, %d accept' % (len(cases), sum(v for v, _ in cases)))


if __name__ == '__main__':
    main()
