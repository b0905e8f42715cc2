#!/usr/bin/env python3
"""Write tests/kernel-cases.txt: torch.exp, torch.softmax, torch.sum and
matrix product results from real PyTorch 1.13 (as float32 bit patterns), for
the unit test of tensor.c's kernels.  Run with /usr/bin/python3 (Debian
python3-torch); products are computed by the reference BLAS, as the goldens."""
import os, struct, sys
# Debian's libblas.so.3 is whichever BLAS the alternatives name; the bits of
# a product depend on it.  Re-run on the reference BLAS (libblas3).
_REF_BLAS = '/usr/lib/x86_64-linux-gnu/blas'
if os.path.isdir(_REF_BLAS) and not os.environ.get('LD_LIBRARY_PATH', '').startswith(_REF_BLAS):
    os.environ['LD_LIBRARY_PATH'] = _REF_BLAS + (':' + os.environ['LD_LIBRARY_PATH'] if os.environ.get('LD_LIBRARY_PATH') else '')
    os.execv(sys.executable, [sys.executable] + sys.argv)
import torch
torch.manual_seed(2024)
def hx(t): return ' '.join('%08x' % struct.unpack('<I', struct.pack('<f', v))[0] for v in t.flatten().tolist())
out = []
x = torch.cat([torch.randn(3000) * 6, -torch.rand(1000) * 110, torch.tensor([0., -0., -103.99, -104., -104.01, 88.7, 88.8, 99.9, 100.1, float('-inf'), float('inf'), float('nan')])])
out.append('exp %d %s' % (x.numel(), hx(x)))
out.append('= %s' % hx(torch.exp(x)))
for n in [1, 2, 3, 5, 6, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 257, 1024]:
    for k in range(3):
        r = torch.randn(n) * (1 + 4 * k)
        if k == 2 and n > 2: r[n // 2:] = float('-inf')
        out.append('softmax %d %s' % (n, hx(r)))
        out.append('= %s' % hx(torch.softmax(r, dim=-1)))
for n in [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 257, 1000, 5000, 40000]:
    r = torch.rand(n) * 3
    out.append('sum %d %s' % (n, hx(r)))
    out.append('= %s' % hx(r.sum()))
# Products: "mm M N K a b" is a (M, K) @ b (K, N); "mm_nt M N K a bt" is
# a @ bt.T with bt (N, K), as nn.Linear and q @ k.T.  Shapes cover the
# kernel's edges: tiles of 6 x 32 and 4 x 16, depth passes of 256.
torch.manual_seed(7)
for op, (m, n, k) in [('mm', s) for s in [(1, 1, 1), (3, 2, 2), (7, 33, 5), (6, 32, 17), (7, 40, 260),
                                           (14, 64, 100), (2, 17, 513), (25, 70, 9)]] + \
                     [('mm_nt', s) for s in [(1, 1, 1), (7, 33, 5), (20, 100, 64), (7, 36, 260),
                                              (3, 17, 513), (2, 48, 3)]]:
    a = torch.randn(m, k)
    b = torch.randn(k, n) if op == 'mm' else torch.randn(n, k)
    if (m, n, k) == (25, 70, 9):    # zeros, signed zeros, infinities
        a[0, :] = 0.; a[1, :] = -0.; a[2, 3] = float('inf'); b[4, 5] = 0.; b[1, :] = float('-inf')
    c = a @ b if op == 'mm' else a @ b.T
    out.append('%s %d %d %d %s %s' % (op, m, n, k, hx(a), hx(b)))
    out.append('= %s' % hx(c))
open('tests/kernel-cases.txt', 'w').write('\n'.join(out) + '\n')
