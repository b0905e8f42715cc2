#!/usr/bin/env python3
"""Write tests/tensor/*.json + .out from tests/print-cases.jsonl (golden cases
printed by real PyTorch 1.13): a sample run end to end through
`attn-explain --tensor`.  The .out is the case's own `repr`, unchanged."""
import json, math, os, struct

def f32(h):
    return struct.unpack('>f', bytes.fromhex(h))[0]

def num(v):
    if math.isnan(v): return "nan"
    if math.isinf(v): return "inf" if v > 0 else "-inf"
    return float('%.9g' % v)

def nest(flat, shape):
    if not shape: return flat[0]
    if len(shape) == 1: return flat
    n = len(flat) // shape[0] if shape[0] else 0
    return [nest(flat[i * n:(i + 1) * n], shape[1:]) for i in range(shape[0])]

os.makedirs('tests/tensor', exist_ok=True)
cases = [json.loads(l) for l in open('tests/print-cases.jsonl')]
keep = [c for i, c in enumerate(cases) if c['suffix'] is None and not c['parameter'] and
        (i % 4 == 0 or c['category'] in ('nonfinite', 'negzero', 'empty', 'scalar_0d', 'options_sci_mode'))]
for c in keep:
    flat = [num(f32(h)) for h in c['data_hex']]
    shape = c['shape']
    if 0 in shape or len(shape) > 4 or c['id'].endswith('1') :
        t = {"shape": shape, "data": flat}
    else:
        t = nest(flat, shape)
    doc = {"tensor": t}
    if c['options']:
        doc["print_options"] = c['options']
    base = 'tests/tensor/' + c['id']
    with open(base + '.json', 'w') as f:
        json.dump(doc, f)
        f.write('\n')
    with open(base + '.out', 'w') as f:
        f.write(c['repr'] + '\n')
print(len(keep), 'cases')
