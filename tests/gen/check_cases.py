#!/usr/bin/python3
"""Check mode's corpus (tests/check/), from real PyTorch.

Usage:
    /usr/bin/python3 tests/gen/check_cases.py            # writes tests/check/cases/
    /usr/bin/python3 tests/gen/check_cases.py --openblas  (internal: the other-BLAS prints)
    /usr/bin/python3 tests/gen/check_cases.py --exact     # only the exact reports (tests/check/exact)

For each input below and each mistake of shared/spec/check.md's catalogue
(every reading of it) that the input can make, and for a few pairs, the
attention is computed in plain PyTorch as a learner writes it, the
mistake's typical line in place of the right one (learner() below: not
attn-explain's code, and not reference.py's).  The learner's tensors are
printed in every form THEIRS takes -- notebook cells with print(NAME),
">>> NAME", "NAME:" beside the print, bare prints, other precisions,
scientific notation, summarised prints, the book's attn_weights_2 row,
Karpathy's names (wei, out), JSON -- and the verdict check mode must give
each is written beside them:

    tests/check/cases/NAME.txt or NAME.json   THEIRS
    tests/check/cases/NAME.expect             what attn-explain --check must say

An .expect file holds "input FILE", optionally "args ...", then one
"line VERDICT READING IDS" per tensor (READING "*": not checked; IDS "-":
no mistake named, else the ids the tool may name, alternatives joined by
"|", a pair as "a+b"), "summary N of M match" and "status S".  The
verdicts come from the PyTorch tensors alone: a print is "ok" when every
printed element is within one unit of its last digit of the right tensor
(PyTorch's, computed the right way), and the ids a differing print
accepts are every single mistake (else every pair of mistakes of
different steps) whose PyTorch tensor its digits equal the same way.

The "other BLAS" cases print the right tensors computed by PyTorch on
OpenBLAS (Debian libopenblas0-pthread, by LD_LIBRARY_PATH only: the
system's libblas alternative is left alone): their last digits may differ
from the reference BLAS's, and check must still say ok.
"""
import itertools
import json
import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REF_BLAS = '/usr/lib/x86_64-linux-gnu/blas'
OPENBLAS = '/usr/lib/x86_64-linux-gnu/openblas-pthread'
OPEN = '--openblas' in sys.argv
# the reference LAPACK too: the system's liblapack alternative may be OpenBLAS's, which would load it
want = OPENBLAS if OPEN else REF_BLAS + ':/usr/lib/x86_64-linux-gnu/lapack'
if os.environ.get('LD_LIBRARY_PATH') != want:
    os.environ['LD_LIBRARY_PATH'] = want
    os.execv(sys.executable, [sys.executable] + sys.argv)

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch._tensor_str as ts

blas_maps = [l.split()[-1] for l in open('/proc/self/maps') if 'blas' in l and '.so' in l]
assert blas_maps and all(('openblas' in m) == OPEN for m in blas_maps), blas_maps

OUT = os.path.join(ROOT, 'tests', 'check', 'cases')

# check.md's catalogue: id, its readings, the line of the notebook it is about (pairs: two different ones)
CATALOGUE = [
    ('no-scale', 1, 'scale'), ('scale-by-d', 1, 'scale'), ('scale-by-d-in', 1, 'scale'),
    ('scale-by-d-out', 1, 'scale'), ('softmax-wrong-dim', 3, 'softmax'), ('normalise-by-sum', 1, 'softmax'),
    ('no-mask', 1, 'mask'), ('mask-after-softmax', 1, 'mask'), ('mask-with-zero', 1, 'mask'),
    ('mask-diagonal', 1, 'mask'),
    ('mask-inverted', 2, 'mask'), ('queries-keys-swapped', 1, 'scores'), ('queries-are-keys', 2, 'scores'),
    ('weight-not-transposed', 8, 'project'), ('dropout-not-scaled', 2, 'dropout'),
    ('dropout-before-softmax', 1, 'dropout'), ('heads-not-transposed', 3, 'split'), ('no-out-proj', 1, 'output'),
]
IDS = [c[0] for c in CATALOGUE]
SLOT = {c[0]: c[2] for c in CATALOGUE}
NREAD = {c[0]: c[1] for c in CATALOGUE}


# ---------------------------------------------------------------------------
# The inputs: the data/ examples, and two written here (square weights, for
# weight-not-transposed; heads, out_proj, dropout all at once).
# ---------------------------------------------------------------------------

NEW_INPUTS = {
    'square': {
        "inputs": {"randn": [2, 5, 8]}, "seed": 7, "init": "linear", "qkv_bias": True, "d_out": 8,
        "heads": 2, "causal": True, "out_proj": True, "dropout": 0.25, "dropout_seed": 5,
    },
    'square-stacked': {
        "tokens": ["a", "b", "c", "d", "e"],
        "inputs": {"rand": [5, 4]}, "seed": 3, "init": "linear", "d_out": 8, "heads": 2,
        "head_layout": "stacked", "out_proj": True,
    },
    # two tokens: at precision 2 mask-with-zero prints the unmasked weights (the scores it zeroes are near 0)
    'two-tokens': {
        "inputs": [[0.5397, -0.3555, -0.5003, 0.9249, 0.6333, 0.9372, -0.1701],
                   [0.7595, 0.355, 0.5715, 0.0243, 0.5683, -0.0027, -0.4542]],
        "seed": 85158196, "init": "linear", "d_out": 7, "out_proj": True, "causal": True,
    },
    # dropout that keeps every weight: a print of attn_weights before the dropout line is the stage itself
    'keeps-all': {
        "inputs": {"rand": [2, 3]}, "seed": 301002907, "init": "rand", "d_out": 2, "out_proj": True,
        "causal": True, "dropout": 0.25, "dropout_seed": 187,
    },
}
INPUTS = [
    ('journey', 'data/your-journey.json'),
    ('linear789', 'data/book-linear-789.json'),
    ('causal-dropout', 'data/book-causal-dropout.json'),
    ('karpathy', 'data/karpathy-1337.json'),
    ('mha-split', 'data/multihead-split.json'),
    ('batched-mh', 'data/batched-multihead.json'),
    ('square', 'tests/check/square.json'),
    ('square-stacked', 'tests/check/square-stacked.json'),
    ('two-tokens', 'tests/check/two-tokens.json'),
    ('keeps-all', 'tests/check/keeps-all.json'),
]


def numeric(v):
    if isinstance(v, list):
        return [numeric(e) for e in v]
    if isinstance(v, str):
        return float(v)
    return float(v)


def tens(v):
    return torch.tensor(numeric(v), dtype=torch.float32)


def given(spec):
    if isinstance(spec, dict):
        w = nn.Parameter(tens(spec["weight"]))
        b = nn.Parameter(tens(spec["bias"])) if spec.get("bias") is not None else None
        return ('linear', [w], None if b is None else [b])
    return ('bare', [tens(spec)], None)


def leaves(cfg):
    """inputs, the layers (per head when stacked), out_proj, and the generator state dropout starts from."""
    torch.manual_seed(cfg.get('seed', 0))
    inp = cfg['inputs']
    if isinstance(inp, dict):
        x = torch.rand(*inp['rand']) if 'rand' in inp else torch.randn(*inp['randn'])
    else:
        x = tens(inp)
    L = {'inputs': x, 'T': x.shape[-2], 'lead': tuple(x.shape[:-2]), 'd_in': x.shape[-1]}
    heads = cfg.get('heads', 1)
    order = cfg.get('init_order', ['W_query', 'W_key', 'W_value'])
    proj, out_proj = {}, None
    if 'weights' in cfg:
        w = cfg['weights']
        if 'heads' in w:
            for n in ('W_query', 'W_key', 'W_value'):
                per = [given(h[n]) for h in w['heads']]
                proj[n] = (per[0][0], [p[1][0] for p in per], None if per[0][2] is None else [p[2][0] for p in per])
        else:
            for n in ('W_query', 'W_key', 'W_value'):
                proj[n] = given(w[n])
        if w.get('out_proj') is not None:
            k, ws, bs = given(w['out_proj'])
            out_proj = (k, ws[0], None if bs is None else bs[0])
        mode = 'weights'
    elif 'init' in cfg:
        d_out = cfg['d_out']
        stacked = cfg.get('head_layout', 'split') == 'stacked'
        nh, width = (heads, d_out // heads) if stacked else (1, d_out)
        per = {n: [] for n in order}
        for _ in range(nh):
            for n in order:
                if cfg['init'] == 'linear':
                    lin = nn.Linear(L['d_in'], width, bias=bool(cfg.get('qkv_bias', False)))
                    per[n].append(('linear', lin.weight, lin.bias))
                elif cfg['init'] == 'rand':
                    per[n].append(('bare', torch.rand(L['d_in'], width), None))
                else:
                    per[n].append(('bare', torch.randn(L['d_in'], width), None))
        for n in order:
            proj[n] = (per[n][0][0], [p[1] for p in per[n]], None if per[n][0][2] is None else [p[2] for p in per[n]])
        if cfg.get('out_proj'):
            lin = nn.Linear(d_out, d_out)
            out_proj = ('linear', lin.weight, lin.bias)
        mode = 'init'
    else:
        mode = 'simple'
    L.update(proj=proj, out_proj=out_proj, mode=mode, H=heads, rng=torch.get_rng_state())
    if mode == 'simple':
        L['d_out'] = L['d_in']
    else:
        k, ws, _ = proj['W_query']
        L['d_out'] = sum(w.shape[1] if k == 'bare' else w.shape[0] for w in ws)
    L['hd'] = L['d_out'] // heads
    return L


# ---------------------------------------------------------------------------
# The learner's attention: the book's and the lecture's lines, each mistake
# its typical line (check.md's table) in place of the right one.
# ---------------------------------------------------------------------------

def applicable(cfg, L, mid, rd):
    """Can the learner's code make this mistake here (else it would not run, or change nothing)?"""
    simple = L['mode'] == 'simple'
    root = not simple and cfg.get('scale') is None
    causal = bool(cfg.get('causal'))
    p = float(cfg.get('dropout', 0))
    if mid == 'no-scale':
        return (root and L['hd'] != 1) or (cfg.get('scale') not in (None, 1))
    if mid in ('scale-by-d',):
        return root and L['hd'] != 1
    if mid == 'scale-by-d-in':
        return root and L['d_in'] != L['hd']
    if mid == 'scale-by-d-out':
        return root and L['H'] > 1
    if mid == 'normalise-by-sum':
        return not causal
    if mid.startswith('mask-') or mid == 'no-mask':
        return causal
    if mid in ('queries-keys-swapped', 'queries-are-keys'):
        return not simple
    if mid == 'softmax-wrong-dim':       # the query axis; dim=1 of (B, H, T, T), the heads; dim=0, the batch
        return [L['T'] > 1, L['H'] > 1, len(L['lead']) > 0 and L['lead'][0] > 1][rd]
    if mid == 'weight-not-transposed':   # readings 0-3: all, q, k, v; 4-7 the same with "+ W.bias"
        if simple:
            return False
        bias = False
        for i, n in enumerate(('W_query', 'W_key', 'W_value')):
            if rd % 4 in (0, i + 1):
                k, ws, bs = L['proj'][n]
                if k != 'linear' or any(w.shape[0] != w.shape[1] for w in ws):
                    return False
                bias = bias or bs is not None
        return rd < 4 or bias
    if mid == 'dropout-not-scaled':
        return 0 < p < 1
    if mid == 'dropout-before-softmax':
        return p > 0
    if mid == 'heads-not-transposed':
        return L['H'] > 1
    if mid == 'no-out-proj':
        return L['out_proj'] is not None
    return True


def learner(cfg, L, mk):
    """The learner's tensors by name; mk: {id: reading} of the mistakes made."""
    torch.set_rng_state(L['rng'])
    x, T, lead, H, hd, d_out = L['inputs'], L['T'], L['lead'], L['H'], L['hd'], L['d_out']
    p = float(cfg.get('dropout', 0))
    causal = bool(cfg.get('causal'))
    out = {}
    if True:
        if L['mode'] == 'simple':
            q = k = v = x
        else:
            qkv = []
            for i, n in enumerate(('W_query', 'W_key', 'W_value')):
                kind, ws, bs = L['proj'][n]
                heads_out = []
                for h, w in enumerate(ws):
                    b = None if bs is None else bs[h]
                    if kind == 'bare':
                        y = x @ w
                    elif 'weight-not-transposed' in mk and mk['weight-not-transposed'] % 4 in (0, i + 1):
                        y = x @ w                                     # inputs @ W_query.weight
                        if b is not None and mk['weight-not-transposed'] >= 4:
                            y = y + b
                    else:
                        y = F.linear(x, w, b)                         # W_query(inputs)
                    heads_out.append(y)
                qkv.append(heads_out[0] if len(heads_out) == 1 else torch.cat(heads_out, dim=-1))
            q, k, v = qkv
        out['queries'], out['keys'], out['values'] = q, k, v
        if H > 1:
            if mk.get('heads-not-transposed', 0) in (1, 2) and 'heads-not-transposed' in mk:
                split = lambda t: t.view(*lead, H, T, hd)                       # no transpose
            else:
                split = lambda t: t.view(*lead, T, H, hd).transpose(-3, -2)
            q, k, v = split(q), split(k), split(v)
        if 'queries-keys-swapped' in mk:
            s = k @ q.transpose(-2, -1)
        elif 'queries-are-keys' in mk:
            s = k @ k.transpose(-2, -1) if mk['queries-are-keys'] == 0 else q @ q.transpose(-2, -1)
        else:
            s = q @ k.transpose(-2, -1)
        out['attn_scores'] = s
        if 'dropout-before-softmax' in mk:
            if cfg.get('dropout_seed') is not None:
                torch.manual_seed(cfg['dropout_seed'])
            s = nn.Dropout(p)(s)                                              # dropout(attn_scores)
        if causal and 'mask-after-softmax' not in mk and 'no-mask' not in mk:    # no-mask: no masked_fill
            if 'mask-diagonal' in mk:
                mask = torch.triu(torch.ones(T, T), diagonal=0)
            elif 'mask-inverted' in mk and mk['mask-inverted'] == 0:
                mask = torch.tril(torch.ones(T, T), diagonal=-1)
            elif 'mask-inverted' in mk:
                mask = torch.tril(torch.ones(T, T))                         # masked_fill(tril == 1, -inf)
            else:
                mask = torch.triu(torch.ones(T, T), diagonal=1)
            out['mask'] = mask
            s = s.masked_fill(mask.bool(), 0 if 'mask-with-zero' in mk else -torch.inf)
            out['masked'] = s
        scale = cfg.get('scale')
        if L['mode'] == 'simple' and scale is None or 'no-scale' in mk:
            z = s
        elif scale is not None:
            z = s * float(scale)
        elif 'scale-by-d' in mk:
            z = s / k.shape[-1]
        elif 'scale-by-d-in' in mk:
            C = L['d_in']
            z = s * C ** -0.5
        elif 'scale-by-d-out' in mk:
            z = s / d_out ** 0.5
        else:
            z = s / k.shape[-1] ** 0.5
        if 'softmax-wrong-dim' in mk:
            w = torch.softmax(z, dim=[z.dim() - 2, z.dim() - 3, 0][mk['softmax-wrong-dim']])   # F.softmax(attn, dim=1)
        elif 'normalise-by-sum' in mk:
            w = z / z.sum(dim=-1, keepdim=True)
        else:
            w = torch.softmax(z, dim=-1)
        if causal and 'mask-after-softmax' in mk:
            w = w * torch.tril(torch.ones(T, T))
        out['_attn_undropped'] = w	# attn_weights printed before the dropout line (the book does)
        if p > 0 and 'dropout-before-softmax' not in mk:
            if cfg.get('dropout_seed') is not None:
                torch.manual_seed(cfg['dropout_seed'])
            if mk.get('dropout-not-scaled') == 1:
                w = w * (torch.rand(w.shape) > p)
            elif 'dropout-not-scaled' in mk:
                w = nn.Dropout(p)(w) * (1 - p)                                 # undoing the 1/(1-p)
            else:
                w = nn.Dropout(p)(w)
        out['attn_weights'] = w
        ctx = w @ v
        if H > 1:
            if 'heads-not-transposed' in mk and mk['heads-not-transposed'] in (0, 2):
                ctx = ctx.contiguous().view(*lead, T, d_out)
            else:
                ctx = ctx.transpose(-3, -2).contiguous().view(*lead, T, d_out)
        if L['out_proj'] is not None and 'no-out-proj' not in mk:
            out['_before_out_proj'] = ctx	# merged (or the one head's context): a reading of a bare print
            kind, W, b = L['out_proj']
            ctx = F.linear(ctx, W, b) if kind == 'linear' else ctx @ W
        out['context_vecs'] = ctx
    return out


def readings(cfg, L):
    """Every single mistake the input can make, as {id: reading}."""
    r = []
    for mid in IDS:
        for rd in range(NREAD[mid]):
            if applicable(cfg, L, mid, rd):
                r.append({mid: rd})
    return r


# ---------------------------------------------------------------------------
# The equality rule, on the printed text (check.md "Equal or not")
# ---------------------------------------------------------------------------

NUM = re.compile(r'-?(?:inf|nan|\d+\.?\d*(?:e[+-]?\d+)?)|True|False')


def shown_index(t):
    o = ts.PRINT_OPTS
    summ = t.numel() > o.threshold
    return [list(range(o.edgeitems)) + list(range(n - o.edgeitems, n)) if summ and n > 2 * o.edgeitems
            else list(range(n)) for n in t.shape]


def printed(t):
    """The print, its shown values with their indices, and its unit (0: JSON-like exactness)."""
    text = str(t)
    body = text[text.index('(') + 1:]
    body = body.split('grad_fn=')[0].split('requires_grad=')[0].split('dtype=')[0]
    toks = [m for m in NUM.findall(body.replace('...', ' '))]
    idx = list(itertools.product(*shown_index(t)))
    assert len(toks) == len(idx), (text, len(toks), len(idx))
    vals = [1.0 if x == 'True' else 0.0 if x == 'False' else float(x) for x in toks]
    sci = any('e' in x and x not in ('inf', '-inf', 'nan') for x in toks)
    if sci:
        best, unit = -1.0, 0.0
        for x in toks:
            if x in ('inf', '-inf', 'nan'):
                continue
            mant, e = x.split('e')
            digits = len(mant.split('.')[1]) if '.' in mant else 0
            if abs(float(x)) > best or (abs(float(x)) == best and 10.0 ** (int(e) - digits) > unit):
                best, unit = abs(float(x)), 10.0 ** (int(e) - digits)
        if best == 0:
            unit = max(10.0 ** (int(x.split('e')[1]) - len(x.split('e')[0].split('.')[1]))
                       for x in toks if 'e' in x)
    else:
        fixed = [x for x in toks if '.' in x and x.split('.')[1] != '']
        unit = max((10.0 ** -len(x.split('.')[1]) for x in fixed), default=0.0)
        if t.is_floating_point() and not any('.' in x for x in toks):
            unit = 0.5	# precision 0: "{:.0f}", bare integers within half a unit of the value (as check.c)
    return text, list(zip(idx, vals)), unit


def equal(shown, unit, ref):
    """Every shown value within unit (0: 1e-6 relative, as JSON and integer prints) of ref's element."""
    r = ref.detach().double()
    # never below float32's own noise, as check.c: 2^-17 of the largest shown element (another BLAS's sums)
    floor = math.ldexp(max([abs(x) for _, x in shown if math.isfinite(x)], default=0.0), -17)
    for ix, x in shown:
        y = float(r[ix])
        if math.isnan(x) or math.isnan(y):
            if not (math.isnan(x) and math.isnan(y)):
                return False
            continue
        if math.isinf(x) or math.isinf(y):
            if x != y:
                return False
            continue
        bound = max(unit * (1 + 1e-12) if unit > 0 else 1e-6 * max(1.0, abs(x)), floor)
        if abs(x - y) > bound:
            return False
    return True


def json_shown(t):
    return [(ix, float(t.detach()[ix])) for ix in itertools.product(*[range(n) for n in t.shape])]


# ---------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------

def vname(mk):
    return '+'.join(mid + ('' if NREAD[mid] == 1 else '.%d' % mk[mid]) for mid in IDS if mid in mk) or 'correct'


def ids_of(mk):
    return '+'.join(mid for mid in IDS if mid in mk)


class Case:
    def __init__(self, cfg, L, right, singles, name, mk):
        self.cfg, self.L, self.right, self.singles, self.name, self.mk = cfg, L, right, singles, name, mk
        self.lines, self.text = [], []
        self.mine = learner(cfg, L, mk) if mk else right
        self._pairs = None

    def reading(self, label, form_row=False):
        """The stage check.md says a label names (for the expectation); '*' when it depends."""
        cfg, L = self.cfg, self.L
        p = float(cfg.get('dropout', 0))
        if label in ('attn_weights', 'wei', 'att', 'attn'):
            st = '*' if p > 0 else 'attn_weights'
        elif label in ('context_vecs', 'out', 'context_vec'):
            st = 'output' if L['out_proj'] is not None else 'merged' if L['H'] > 1 else 'context_vecs'
        elif label == 'masked':
            st = 'masked_scores'
        elif label == 'mask':
            st = '*'
        else:
            st = label
        if form_row and st != '*':
            st += '[1]'
        return st

    def pairs(self):
        if self._pairs is None:
            self._pairs = []
            for a, b in itertools.combinations(self.singles, 2):
                (ia, ra), = a.items()
                (ib, rb), = b.items()
                if SLOT[ia] == SLOT[ib]:
                    continue
                mk = {ia: ra, ib: rb}
                self._pairs.append((mk, learner(self.cfg, self.L, mk)))
        return self._pairs

    def expect(self, var, label, shown, unit, row=False, pick=None):
        """The line a print of the learner's `var` (or of pick(var)) must get."""
        pick = pick or ((lambda t: t[..., 1, :]) if row else (lambda t: t))
        # check.md: attn_weights names the stage attn_weights, and dropped_weights where it matches that: a
        # print of the weights before the dropout line is the stage itself (and a mistake's, its weights too)
        alts = [var] + (['_attn_undropped'] if var == 'attn_weights' and label else [])
        if any(equal(shown, unit, pick(self.right[a])) for a in alts):
            return 'ok'
        if var == 'mask' and equal(shown, unit, torch.tril(torch.ones(self.L['T'], self.L['T']))):
            # check.md: minGPT's and Karpathy's mask is tril (mask_simple), and "mask" may name it
            return 'ok'
        accept = []
        for mk in self.singles:
            o = self.single_out(mk)
            if any(o.get(a) is not None and equal(shown, unit, pick(o[a])) for a in alts):
                accept.append(ids_of(mk))
        if not accept:
            for mk, o in self.pairs():
                if any(o.get(a) is not None and equal(shown, unit, pick(o[a])) for a in alts):
                    accept.append(ids_of(mk))
        return 'differs', sorted(set(accept))

    def single_out(self, mk):
        key = vname(mk)
        if key not in CACHE:
            CACHE[key] = learner(self.cfg, self.L, mk)
        return CACHE[key]

    def stages(self):
        """The contract's stages for this input (reference.py), for prints without a label."""
        if getattr(self, '_stages', None) is None:
            sys.path.insert(0, os.path.join(ROOT, 'tests', 'gen'))
            sys.dont_write_bytecode = True
            import reference
            self._stages = reference.run(self.cfg)[0]
        return self._stages

    def any_stage(self, t, shown, unit):
        """check.md: without a label, the first stage, or part of one along its leading axes, that matches."""
        import reference
        S = self.stages()
        for n in reference.STAGES:
            st = S.get(n)
            if st is None or st.dim() < t.dim() or tuple(st.shape[st.dim() - t.dim():]) != tuple(t.shape):
                continue
            for idx in itertools.product(*[range(k) for k in st.shape[:st.dim() - t.dim()]]):
                if equal(shown, unit, st[idx] if idx else st):
                    return True
        return False

    @staticmethod
    def part_equal(st, t, shown, unit):
        """Is shown (of t's shape) st, or a part of st along its leading axes?"""
        if not isinstance(st, torch.Tensor) or st.dim() < t.dim() or \
                tuple(st.shape[st.dim() - t.dim():]) != tuple(t.shape):
            return False
        return any(equal(shown, unit, st[idx] if idx else st)
                   for idx in itertools.product(*[range(k) for k in st.shape[:st.dim() - t.dim()]]))

    def add(self, var, label, t, head, row=False, pick=None):
        """A print of t (the learner's var, or pick(var)) after head (its label lines), and its expected line."""
        _, shown, unit = printed(t)
        e = self.expect(var, label, shown, unit, row, pick)
        if e != 'ok' and not label and self.cfg is not None and self.any_stage(t, shown, unit):
            e = 'ok'	# a correct stage's numbers, taken as that stage
        elif e != 'ok' and not label and self.cfg is not None:
            # without a label, a single mistake that reproduces another stage's reading counts too
            extra = [ids_of(mk) for mk in self.singles
                     if any(self.part_equal(o, t, shown, unit) for o in self.single_out(mk).values())]
            e = ('differs', sorted(set(e[1]) | set(extra)))
        self.text.append(head + str(t) + '\n')
        st = self.reading('attn_weights' if row else label, row) if label else '*'
        if e == 'ok':
            self.lines.append('line ok %s -' % st)
        else:
            self.lines.append('line differs %s %s' % (st, '|'.join(e[1]) if e[1] else '-'))


CACHE = {}


def set_opts(**kw):
    torch.set_printoptions(profile='default')
    if kw:
        torch.set_printoptions(**kw)


def names_for(L, cfg):
    n = ['queries', 'attn_scores']
    if cfg.get('causal'):
        n += ['mask', 'masked']
    return n + ['attn_weights', 'context_vecs']


def text_case(c):
    """Every print form of the learner's tensors, in one THEIRS text."""
    L, cfg, mine = c.L, c.cfg, c.mine
    batched = len(L['lead']) > 0
    names = [n for n in names_for(L, cfg) if n in mine]
    # 1. notebook cells: print(NAME)
    set_opts()
    for i, n in enumerate(names):
        c.add(n, n, mine[n], 'In [%d]:\nprint(%s)\n\n' % (i + 1, n))
    # 2. the REPL and "name:" beside the print
    c.add('attn_weights', 'attn_weights', mine['attn_weights'], '----\n>>> attn_weights\n')
    c.add('context_vecs', 'context_vecs', mine['context_vecs'], '----\ncontext_vecs: ')
    # 3. bare
    c.add('attn_weights', None, mine['attn_weights'], '----\n')
    c.add('context_vecs', None, mine['context_vecs'], '----\n')
    # 4. other precisions, scientific notation
    set_opts(precision=2)
    c.add('attn_weights', 'attn_weights', mine['attn_weights'], '----\n# attn_weights\n')
    set_opts(precision=6)
    c.add('context_vecs', 'context_vecs', mine['context_vecs'], '----\ncontext_vecs = mha(inputs)\n')
    set_opts(sci_mode=True)
    c.add('attn_weights', 'attn_weights', mine['attn_weights'], '----\nattn_weights\n')
    # 5. summarised
    set_opts(threshold=8, edgeitems=2)
    c.add('attn_weights', 'attn_weights', mine['attn_weights'], '----\nprint(attn_weights)\n')
    c.add('context_vecs', None, mine['context_vecs'], '----\n')
    set_opts()
    # 6. the book's row of the second token; Karpathy's names
    if not batched and L['H'] == 1 and L['T'] > 1:
        c.add('attn_weights', 'attn_weights_2', mine['attn_weights'][1], '----\nattn_weights_2 = attn_weights[1]\n'
              'print(attn_weights_2)\n', row=True)
    else:
        c.add('attn_weights', 'wei', mine['attn_weights'], '----\nwei\n')
        c.add('context_vecs', 'out', mine['context_vecs'], '----\nout\n')
    if batched:		# Karpathy's notebook: attn[0], the first batch's weights (no label: by shape)
        c.add('attn_weights', None, mine['attn_weights'][-1], '----\nattn[-1]\n', pick=lambda t: t[-1])
    summary(c)


def precision0_cases():
    """Prints at precision 0 ("{:.0f}": bare integers, as an int64 tensor prints): the right tensors match,
    a mistake whose numbers round differently is named."""
    for iname, path, mks in (('journey', 'data/your-journey.json', ({}, {'normalise-by-sum': 0})),
                             ('linear789', 'data/book-linear-789.json', ({}, {'queries-keys-swapped': 0})),
                             ('causal-dropout', 'data/book-causal-dropout.json', ({}, {'mask-diagonal': 0}))):
        cfg = load_cfg(path)
        L = leaves(cfg)
        CACHE.clear()
        right = learner(cfg, L, {})
        singles = readings(cfg, L)
        for mk in mks:
            c = Case(cfg, L, right, singles, '%s-precision0-%s' % (iname, vname(mk)), mk)
            set_opts(precision=0)
            for n in names_for(L, cfg):		# masked: bare integers beside -inf
                c.add(n, n, c.mine[n], 'print(%s)\n' % n)
            set_opts()
            summary(c)
            write(c.name, path, c, '.txt')


def summary(c):
    lines = [l for l in c.lines if l.startswith('line ')]
    nok = sum(1 for l in lines if l.split()[1] == 'ok')
    c.lines.append('summary %d of %d match' % (nok, len(lines)))
    c.lines.append('status %d' % (0 if nok == len(lines) else 3))


def json_case(c):
    names = [n for n in names_for(c.L, c.cfg) if n in c.mine and n not in ('mask', 'masked')]
    doc = {}
    for n in names:
        t = c.mine[n].detach()
        doc[n] = t.tolist()
        e = c.expect(n, n, json_shown(t), 0.0)
        st = c.reading(n)
        c.lines.append('line ok %s -' % st if e == 'ok' else 'line differs %s %s' % (st, '|'.join(e[1]) or '-'))
    c.text.append(json.dumps(doc) + '\n')
    summary(c)


def write(name, input_path, c, ext, args=None):
    with open(os.path.join(OUT, name + ext), 'w') as f:
        f.write(''.join(c.text))
    with open(os.path.join(OUT, name + '.expect'), 'w') as f:
        f.write('input %s\n' % input_path)
        if args:
            f.write('args %s\n' % args)
        f.write('\n'.join(c.lines) + '\n')


PAIRS = {
    'linear789': [{'no-scale': 0, 'softmax-wrong-dim': 0}, {'queries-keys-swapped': 0, 'normalise-by-sum': 0}],
    'causal-dropout': [{'mask-with-zero': 0, 'no-scale': 0}, {'mask-diagonal': 0, 'dropout-not-scaled': 0}],
    'square': [{'weight-not-transposed': 0, 'no-out-proj': 0}, {'heads-not-transposed': 0, 'scale-by-d': 0},
               {'mask-inverted': 0, 'dropout-before-softmax': 0}],
    'karpathy': [{'queries-are-keys': 0, 'mask-after-softmax': 0}],
}


def load_cfg(path):
    with open(os.path.join(ROOT, path)) as f:
        return json.load(f)


def main_reference():
    os.makedirs(OUT, exist_ok=True)
    for name, cfg in NEW_INPUTS.items():
        with open(os.path.join(ROOT, 'tests', 'check', name + '.json'), 'w') as f:
            json.dump(cfg, f, indent=1)
            f.write('\n')
    for old in os.listdir(OUT):
        os.remove(os.path.join(OUT, old))
    n = 0
    for iname, path in INPUTS:
        cfg = load_cfg(path)
        L = leaves(cfg)
        CACHE.clear()
        right = learner(cfg, L, {})
        singles = readings(cfg, L)
        for mk in [{}] + singles + PAIRS.get(iname, []):
            base = '%s-%s' % (iname, vname(mk))
            c = Case(cfg, L, right, singles, base, mk)
            text_case(c)
            write(base, path, c, '.txt')
            c = Case(cfg, L, right, singles, base, mk)
            json_case(c)
            write(base + '-json', path, c, '.json')
            n += 2
    # the other BLAS: the right tensors from PyTorch on OpenBLAS
    exact_cases()
    precision0_cases()
    mingpt_cases()
    stage_cases()
    r = subprocess.run([sys.executable, os.path.abspath(__file__), '--openblas'], check=True)
    print('check_cases: %d cases from the reference BLAS, and the OpenBLAS ones' % n)


def main_openblas():
    for iname, path in INPUTS + [('mingpt', 'data/mingpt.json')]:
        cfg = load_cfg(path)
        L = leaves(cfg)
        right = learner(cfg, L, {})
        c = Case(cfg, L, right, [], '%s-openblas' % iname, {})
        names = [n for n in names_for(L, cfg) if n in right]
        for prec in (4, 6, 8):
            set_opts(precision=prec)
            for n in names:
                # the verdict is ok by construction: these are the right tensors, from another BLAS
                c.text.append('print(%s)\n' % n + str(right[n]) + '\n')
                c.lines.append('line ok %s -' % c.reading(n))
        set_opts()
        summary(c)
        write('%s-openblas' % iname, path, c, '.txt')


# ---------------------------------------------------------------------------
# Exact outputs: a few cases whose whole report (numbers included) is
# written here from PyTorch's tensors, in check.c's format, for tests/cli/
# and the REPL session tests/repl/check.tmpl (@@ include).
# ---------------------------------------------------------------------------

WHAT = {
    'no-scale': 'scores not scaled before softmax',
    'scale-by-d': 'divided by d_k instead of sqrt(d_k)',
    'scale-by-d-in': 'scaled by the embedding width d_in instead of the head width',
    'scale-by-d-out': 'with several heads: scaled by d_out instead of head_dim',
    'softmax-wrong-dim': 'softmax over the query axis: columns sum to 1',
    'normalise-by-sum': 'normalised by the row sum instead of softmax',
    'no-mask': 'the causal mask left out (in a causal run)',
    'mask-after-softmax': 'causal mask applied after softmax, rows not renormalised',
    'mask-with-zero': 'future scores set to 0 instead of -inf before softmax',
    'mask-diagonal': 'the mask hides the diagonal too',
    'mask-inverted': 'the past is masked instead of the future',
    'queries-keys-swapped': 'scores transposed: keys times queries',
    'queries-are-keys': 'the keys used in place of the queries (or the reverse)',
    'weight-not-transposed': 'an nn.Linear weight applied as x @ W instead of x @ W.T',
    'dropout-not-scaled': 'dropout zeroes entries but does not scale by 1/(1-p)',
    'dropout-before-softmax': 'dropout applied to the scores, not the weights',
    'heads-not-transposed': 'heads split with view and no transpose, or merged without transposing back',
    'no-out-proj': 'the output projection left out',
}
STAGE_ORDER = ["inputs", "queries", "keys", "values", "queries_heads", "keys_heads", "values_heads",
               "attn_scores", "mask", "masked_scores", "scaled_scores", "attn_weights", "unmasked_weights",
               "mask_simple", "masked_simple", "masked_simple_norm", "dropout_mask", "dropped_weights",
               "context_vecs", "merged", "output"]


def fmt_diff(d):
    if math.isinf(d):
        return 'inf'
    if d == 0 or 1e-3 <= d < 1e6:
        return '%.4f' % d
    return '%.2e' % d


def fmt_value(x, notation, prec):
    if math.isnan(x):
        return 'nan'
    if math.isinf(x):
        return '-inf' if x < 0 else 'inf'
    if notation == 'fixed':
        return '%.*f' % (prec, x)
    if notation == 'sci':
        return '%.*e' % (prec, x)
    return '%.8g' % x


class Exact:
    """One THEIRS and the report check.c must write for it."""

    def __init__(self, stage_of_right):
        self.right = stage_of_right      # stage name -> the right tensor (PyTorch)
        self.items, self.text = [], []

    def add(self, head, t, label, stage, index=(), ids=(), json_key=None, other=None):
        """t printed after head (or, json_key: a JSON member); it is taken as stage[index]; ids: what reproduces it."""
        if json_key is None:
            text, shown, unit = printed(t)
            self.text.append(head + text + '\n')
            nums = NUM.findall(text[text.index('('):].split('grad_fn=')[0].replace('...', ' '))
            sci = any('e' in x and x not in ('inf', '-inf', 'nan') for x in nums)
            prec = ts.PRINT_OPTS.precision
            notation = 'sci' if sci else 'fixed' if unit > 0 else 'integer'
        else:
            text, shown, unit, notation, prec = None, json_shown(t), 0.0, 'json', -1
        ref = self.right[stage]
        for i in index:
            ref = ref[i]
        self.items.append(dict(label=label, stage=stage, index=index, shown=shown, unit=unit, ref=ref,
                               ids=list(ids), t=t, text=text, notation=notation, prec=prec,
                               shape=tuple(t.shape), other=other))

    def report(self, verbose=False, changed=None):
        out, first = [], None
        for it in self.items:
            vals = [x for _, x in it['shown'] if math.isfinite(x)]
            floor = math.ldexp(max((abs(x) for x in vals), default=0.0), -17)
            it['floor'] = floor
            md, at, fk = 0.0, 0, None
            for k, (ix, x) in enumerate(it['shown']):
                y = float(it['ref'].detach()[ix])
                if x == y or (math.isnan(x) and math.isnan(y)):
                    d = 0.0
                elif math.isfinite(x) and math.isfinite(y):
                    d = abs(x - y)
                else:
                    d = math.inf
                if math.isnan(x) or math.isnan(y):
                    eq = math.isnan(x) and math.isnan(y)
                elif math.isinf(x) or math.isinf(y):
                    eq = x == y
                elif it.get('notation_rule') == 'tolerance':
                    eq = d <= it['unit']
                elif it['notation'] in ('json', 'integer'):
                    eq = d <= max(1e-6 * max(1.0, abs(x)), floor)
                else:
                    eq = d <= max(it['unit'] * (1 + 4 * 2.0 ** -52), floor)
                if not eq and fk is None:
                    fk = k
                if d > md:
                    md, at = d, k
            it.update(maxdiff=md, at=at, first=fk, ok=fk is None)
            if not it['ok'] and (first is None or STAGE_ORDER.index(it['stage']) < STAGE_ORDER.index(first['stage'])):
                first = it
        nok = 0
        for it in self.items:
            part = it['stage'] + ('[%s]' % ', '.join(str(i) for i in it['index']) if it['index'] else '')
            shape = '(%s)' % ', '.join(str(n) for n in it['shape'])
            if it['label'] == part:
                name = '%s %s' % (part, shape)
            elif it['label']:
                name = '%s taken as %s %s' % (it['label'], part, shape)
            else:
                name = 'taken as %s %s' % (part, shape)
            if it['ok']:
                nok += 1
                out.append('ok       %s: matches\n' % name)
                continue
            idx = lambda k: '[%s]' % ', '.join(str(i) for i in it['shown'][k][0])
            line = 'differs  %s: max abs diff %s at %s; ' % (name, fmt_diff(it['maxdiff']), idx(it['at']))
            if isinstance(it.get('other'), tuple):	# issue 24: no mistake, the usual scale (hd, the file's)
                line += ('scaled by 1/sqrt(head_dim) = 1/sqrt(%d) (head_size**-0.5, the usual scale), '
                         'where the file sets "scale": %.8g' % it['other'])
            elif it.get('other'):		# issue 24: no mistake, another dropout mask ('MKL' or 'default')
                line += 'another dropout mask (the %s generator, or another seed): try --dropout-rng %s' % (
                    it['other'], it['other'].lower())
            elif it['ids']:
                line += 'mistake: ' + ' or '.join('%s (%s)' % (v, '; '.join(WHAT[i] for i in v.split('+')))
                                                  for v in it['ids'])
            else:
                fi = first
                ix, x = fi['shown'][fi['first']]
                y = float(fi['ref'].detach()[ix])
                a, b = fmt_value(x, fi['notation'], fi['prec']), fmt_value(y, fi['notation'], fi['prec'])
                if a == b and x != y and math.isfinite(x) and math.isfinite(y):
                    # issue 24: digits that hide the difference: the shortest text of each that reads back
                    # as it, theirs a double, ours a float32 (both doubles if those are the same)
                    import numpy as np
                    a, b = repr(float(x)), repr(np.float32(y))
                    if a == b:
                        a, b = repr(float(x)), repr(float(y))
                line += ('no known mistake reproduces it; first differing stage: %s, at [%s]: theirs %s, expected %s'
                         % (fi['stage'], ', '.join(str(i) for i in ix), a, b))
            out.append(line + '\n')
            if verbose:
                a = it['text'].split('\n')
                ours = it['ref'].detach().clone()
                b = str(ours).split('\n')
                wa = max(len(l) for l in a)
                out.append('    %-*s    %s\n' % (wa, 'theirs:', 'attn-explain:'))
                for i in range(max(len(a), len(b))):
                    out.append('    %-*s    %s\n' % (wa, a[i] if i < len(a) else '', b[i] if i < len(b) else ''))
                if it['ids'] and changed:
                    for mid, (was, now) in changed.items():
                        out.append('    %s changes the line\n      %s\n    into\n      %s\n' % (mid, was, now))
        out.append('%d of %d match\n' % (nok, len(self.items)))
        return ''.join(out), (0 if nok == len(self.items) else 3)


def stage_cases():
    """Every stage and weight as reference.py (the contract in PyTorch) computes it, printed under its own
    name, and as JSON: every one matches, taken as the stage or weight it is (the weights of an nn.Linear by
    their "Parameter containing:", the others by name)."""
    sys.path.insert(0, os.path.join(ROOT, 'tests', 'gen'))
    sys.dont_write_bytecode = True
    import reference
    for iname, path in INPUTS:
        cfg = load_cfg(path)
        S, names, L = reference.run(cfg)
        set_opts()
        c = Case(cfg, None, {}, [], iname + '-stages', {})
        doc = {}
        for n in names:
            t = S[n]
            c.text.append('print(%s)\n%s\n\n' % (n, t))
            st = n
            if n == 'context_vecs' and 'output' in S and S['output'].shape == t.shape:
                st = 'output'		# check.md: context_vecs names the first of output, merged, context_vecs
            elif n == 'context_vecs' and 'merged' in S and S['merged'].shape == t.shape:
                st = 'merged'
            if st == n:
                c.lines.append('line ok %s -' % n)
            else:
                c.lines.append('line differs %s no-out-proj' % st)
            doc[n] = t.detach().tolist()
        stage_lines = list(c.lines)
        layers = [(n, L['proj'][n]) for n in ('W_query', 'W_key', 'W_value') if n in L['proj']]
        if L['out_proj'] is not None:
            k, w, b = L['out_proj']
            layers.append(('out_proj', (k, [w], None if b is None else [b])))
        if True:
            for lname, (kind, ws, bs) in layers:
                w = ws[0] if len(ws) == 1 else torch.cat(ws, dim=1 if kind == 'bare' else 0)
                if kind == 'bare':		# the book's nn.Parameter(torch.rand(d_in, d_out)): print(W_query)
                    c.text.append('print(%s)\n%s\n\n' % (lname, nn.Parameter(w.detach(), requires_grad=False)))
                    c.lines.append('line ok %s -' % lname)
                    continue
                c.text.append('print(%s.weight)\n%s\n\n' % (lname, nn.Parameter(w.detach())))
                c.lines.append('line ok %s.weight -' % lname)
                if bs is not None:
                    b = bs[0] if len(bs) == 1 else torch.cat(bs)
                    c.text.append('print(%s.bias)\n%s\n\n' % (lname, nn.Parameter(b.detach())))
                    c.lines.append('line ok %s.bias -' % lname)
        summary(c)
        if any(not l.startswith('line ok') for l in c.lines if l.startswith('line')):
            c.lines[-1] = 'status 3'
        write(c.name, path, c, '.txt')
        j = Case(cfg, None, {}, [], iname + '-stages-json', {})
        j.text.append(json.dumps(doc) + '\n')
        j.lines = stage_lines
        summary(j)
        write(j.name, path, j, '.json')


def mingpt_cases():
    """minGPT's sizes: a mistake found in summarised prints (the corpus), and make bench's THEIRS."""
    set_opts()
    cfg = load_cfg('data/mingpt.json')
    L = leaves(cfg)
    CACHE.clear()
    right = learner(cfg, L, {})
    singles = readings(cfg, L)
    for mk in ({}, {'mask-after-softmax': 0}, {'softmax-wrong-dim': 1}):
        c = Case(cfg, L, right, [] if not mk else [mk], 'mingpt-' + vname(mk), mk)
        c.add('attn_weights', 'att', c.mine['attn_weights'], 'att = F.softmax(att, dim=-1)\nprint(att)\n')
        c.add('context_vecs', 'out', c.mine['context_vecs'], '\nprint(out)\n')
        # a bare print of the first batch's weights (att[0]): without a label, a big run's parts of batch 0
        c.add('attn_weights', None, c.mine['attn_weights'][0], '\natt[0]\n', pick=lambda t: t[0])
        summary(c)
        write(c.name, 'data/mingpt.json', c, '.txt')
    # make bench: every mistake and pair tried, none explains it (the weights were drawn after another seed)
    cfg = load_cfg('tests/bench/mingpt.json')
    other = dict(cfg, seed=1)
    t = learner(other, leaves(other), {})
    with open(os.path.join(ROOT, 'tests', 'bench', 'mingpt-theirs.txt'), 'w') as f:
        f.write('# minGPT with the weights of seed 1: no mistake explains these (tests/gen/check_cases.py)\n')
        f.write('print(att)\n%s\n\nprint(y)\n%s\n\n%s\n' % (t['attn_weights'], t['context_vecs'], t['context_vecs']))


def exact_cases():
    """tests/check/exact/*.txt and tests/cli/check-*.cmd/.out/.err: whole reports from PyTorch."""
    ex_dir = os.path.join(ROOT, 'tests', 'check', 'exact')
    os.makedirs(ex_dir, exist_ok=True)
    cli = os.path.join(ROOT, 'tests', 'cli')

    def emit(name, ex, input_path, args='', verbose=False, changed=None, json_doc=None):
        ext = '.json' if json_doc is not None else '.txt'
        with open(os.path.join(ex_dir, name + ext), 'w') as f:
            f.write(json.dumps(json_doc) + '\n' if json_doc is not None else ''.join(ex.text))
        rep, status = ex.report(verbose, changed)
        with open(os.path.join(ex_dir, name + '.out'), 'w') as f:
            f.write(rep)
        with open(os.path.join(cli, 'check-' + name + '.cmd'), 'w') as f:
            f.write('$BIN --check tests/check/exact/%s%s %s%s\n' % (name, ext, args + ' ' if args else '', input_path))
        with open(os.path.join(cli, 'check-' + name + '.out'), 'w') as f:
            f.write(rep)
        with open(os.path.join(cli, 'check-' + name + '.err'), 'w') as f:
            f.write('status %d\n' % status)

    set_opts()
    # 1. Karpathy's softmax over the wrong axis on the book's six tokens (the README's walkthrough)
    cfg = load_cfg('data/your-journey.json')
    L = leaves(cfg)
    right = learner(cfg, L, {})
    wrong = learner(cfg, L, {'softmax-wrong-dim': 0})
    for verbose in (False, True):
        ex = Exact(right)
        ex.add('In [7]:\nattn_weights = torch.softmax(attn_scores, dim=0)\nprint(attn_weights)\n\n',
               wrong['attn_weights'], 'attn_weights', 'attn_weights', ids=['softmax-wrong-dim'])
        ex.add('\nIn [8]:\ncontext_vecs = attn_weights @ inputs\nprint(context_vecs)\n\n',
               wrong['context_vecs'], 'context_vecs', 'context_vecs', ids=['softmax-wrong-dim'])
        ex.add('\nIn [9]:\nattn_weights_2 = torch.softmax(attn_scores[1], dim=0)\nprint(attn_weights_2)\n\n',
               right['attn_weights'][1], 'attn_weights_2', 'attn_weights', index=(1,))
        changed = {'softmax-wrong-dim': ('attn_weights = torch.softmax(scaled_scores, dim=-1)',
                                         'attn_weights = torch.softmax(scaled_scores, dim=0)  # the query axis')}
        emit('softmax-dim' + ('-v' if verbose else ''), ex, 'data/your-journey.json', '-v' if verbose else '',
             verbose, changed)
    # 2. the book's linear layers, drawn after the wrong seed: nothing in the catalogue explains it
    cfg = load_cfg('data/book-linear-789.json')
    right = learner(cfg, leaves(cfg), {})
    other = dict(cfg, seed=123)
    theirs = learner(other, leaves(other), {})
    ex = Exact(right)
    ex.add('>>> queries\n', theirs['queries'], 'queries', 'queries')
    ex.add('>>> attn_weights\n', theirs['attn_weights'], 'attn_weights', 'attn_weights')
    ex.add('>>> context_vecs\n', theirs['context_vecs'], 'context_vecs', 'context_vecs')
    emit('wrong-seed', ex, 'data/book-linear-789.json')
    # 2b. the book's dropout drawn after another seed (issue 24): the weights under another mask
    cfg = load_cfg('data/book-causal-dropout.json')
    L = leaves(cfg)
    right = learner(cfg, L, {})
    theirs = learner(dict(cfg, dropout_seed=7), L, {})
    ex = Exact(dict(right, dropped_weights=right['attn_weights']))
    ex.add('print(attn_weights)\n', theirs['attn_weights'], 'attn_weights', 'dropped_weights', other='MKL')
    emit('other-seed', ex, 'data/book-causal-dropout.json')
    # 2c. the lecture's file scales by C**-0.5; the learner's head_size**-0.5 is the usual scale (issue 24)
    cfg = load_cfg('data/karpathy-1337.json')
    L = leaves(cfg)
    right = learner(cfg, L, {})
    theirs = learner({k: v for k, v in cfg.items() if k != 'scale'}, L, {})
    ex = Exact(right)
    ex.add('wei = q @ k.transpose(-2, -1) * head_size**-0.5\nwei = wei.masked_fill(tril == 0, float("-inf"))\n'
           'wei = F.softmax(wei, dim=-1)\nwei\n', theirs['attn_weights'], 'wei', 'attn_weights',
           other=(L['hd'], cfg['scale']))
    emit('head-size-scale', ex, 'data/karpathy-1337.json')
    # 3. the right numbers as JSON, and tensors no stage has the shape of
    cfg = load_cfg('data/your-journey.json')
    right = learner(cfg, leaves(cfg), {})
    ex = Exact(right)
    ex.add(None, right['attn_weights'], 'attn_weights', 'attn_weights', json_key='attn_weights')
    ex.add(None, right['context_vecs'], 'context_vecs', 'context_vecs', json_key='context_vecs')
    emit('json-right', ex, 'data/your-journey.json', json_doc={
        'attn_weights': right['attn_weights'].tolist(), 'context_vecs': right['context_vecs'].tolist()})
    # 4. --tolerance: a print at precision 2 is within 0.01 of the run, not within 0.001
    set_opts(precision=2)
    for tol, name in (('0.01', 'tolerance-ok'), ('0.001', 'tolerance-differs')):
        ex = Exact(right)
        ex.add('print(attn_weights)\n', right['attn_weights'], 'attn_weights', 'attn_weights')
        # the report's rule is the tolerance: recompute the verdict by it
        it = ex.items[-1]
        it['unit'], it['notation_rule'] = float(tol), 'tolerance'
        emit(name, ex, 'data/your-journey.json', '--tolerance ' + tol)
    set_opts()


if __name__ == '__main__':
    if '--exact' in sys.argv:	# only tests/check/exact and its tests/cli/check-* cases
        exact_cases()
    else:
        main_openblas() if OPEN else main_reference()
