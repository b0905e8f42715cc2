#!/usr/bin/env python3
"""Write tests/kernel-cases.txt: torch.exp, torch.softmax and torch.sum
results from real PyTorch 1.13 (as float32 bit patterns), for the unit test
of tensor.c's kernels.  Run with /usr/bin/python3 (Debian python3-torch)."""
import struct, torch
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
open('tests/kernel-cases.txt', 'w').write('\n'.join(out) + '\n')
