#!/usr/bin/python3
"""Write tests/reduce-cases.txt: sum, mean and var of random strided views
from real PyTorch 1.13, for the unit test of tensor.c's strided reductions
(tensor_sum_view, tensor_var_view).  Each case is a view of a random
storage built by real view operations (transpose, permute, slicing with
steps, select, unsqueeze, expand); its sizes, strides and offset are what
PyTorch reports.  Values mix magnitudes so that another summation order
would round differently.  Run with /usr/bin/python3 (Debian python3-torch), from the top directory:
    /usr/bin/python3 tests/gen/reductions.py [SEED [CASES]]"""
import random, struct, sys
import torch

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
torch.manual_seed(5)


def hx(vals):
    return ' '.join('%08x' % struct.unpack('<I', struct.pack('<f', v))[0] for v in vals)


def rand_view():
    nd = random.choice([1, 1, 2, 2, 2, 3, 3, 4])
    big = random.random() < 0.1
    while True:
        shape = [random.choice([1, 2, 3, 5, 6, 7, 8, 9, 16, 17, 33] + ([40, 64, 100, 129] if big else []))
                 for _ in range(nd)]
        n = 1
        for s in shape:
            n *= s
        if n <= 2500:
            break
    base = torch.randn(shape) * torch.exp(torch.randn(shape) * 3)
    x = base
    for _ in range(random.randint(0, 4)):
        op = random.randint(0, 6)
        if op == 0 and x.dim() >= 2:
            a, b = random.sample(range(x.dim()), 2)
            x = x.transpose(a, b)
        elif op == 1 and x.dim() >= 2:
            p = list(range(x.dim()))
            random.shuffle(p)
            x = x.permute(p)
        elif op == 2 and x.dim() >= 1:
            d = random.randrange(x.dim())
            if x.shape[d] > 1:
                a = random.randrange(x.shape[d])
                b = random.randint(a + 1, x.shape[d])
                st = random.choice([1, 1, 2, 3])
                idx = [slice(None)] * x.dim()
                idx[d] = slice(a, b, st)
                x = x[tuple(idx)]
        elif op == 3 and x.dim() >= 2:
            d = random.randrange(x.dim())
            x = x.select(d, random.randrange(x.shape[d]))
        elif op == 4 and x.dim() < 5:
            x = x.unsqueeze(random.randint(0, x.dim()))
        elif op == 5 and x.dim() >= 1:
            d = random.randrange(x.dim())
            if x.shape[d] == 1:
                sh = list(x.shape)
                sh[d] = random.choice([2, 3, 9])
                x = x.expand(sh)
        elif op == 6 and x.dim() >= 1 and x.is_contiguous():
            x = x.view(-1)
    return base, x


out = []
# long contiguous sums first: one cascade over the whole range (no thread split)
for n in [32769, 65537]:
    x = torch.randn(n) * torch.exp(torch.randn(n) * 2)
    out.append('sum 1 %d 1 0 1 0 %d %s' % (n, n, hx(x.tolist())))
    out.append('= 1 %s' % hx([x.sum().item()]))
cases = 0
while cases < int(sys.argv[2] if len(sys.argv) > 2 else 1000):
    base, x = rand_view()
    if x.numel() == 0:
        continue
    op = random.choice(['sum', 'sum', 'sum', 'var', 'var0', 'mean'])
    nd = x.dim()
    if nd == 0 or random.random() < 0.3:
        dims = None
    else:
        k = random.randint(1, nd)
        dims = sorted(random.sample(range(nd), k))
    keep = random.random() < 0.4
    if op == 'sum':
        r = x.sum() if dims is None else x.sum(dim=dims, keepdim=keep)
    elif op == 'mean':
        r = x.mean() if dims is None else x.mean(dim=dims, keepdim=keep)
    else:
        unb = op == 'var'
        r = x.var(unbiased=unb) if dims is None else x.var(dim=dims, unbiased=unb, keepdim=keep)
    mask = (1 << nd) - 1 if dims is None else sum(1 << d for d in dims)
    store = base.flatten().tolist()
    out.append('%s %d %s %s %d %d %d %d %s' % (
        op, nd, ' '.join(map(str, x.shape)), ' '.join(map(str, x.stride())),
        x.storage_offset(), mask, 1 if keep else 0, len(store), hx(store)))
    out.append('= %d %s' % (r.numel(), hx(r.flatten().tolist())))
    cases += 1
open('tests/reduce-cases.txt', 'w').write('\n'.join(out) + '\n')
