import torch

s0 = ' x-+ ßZ0Z-'
print(repr(s0 * 0))
print(repr(len(s0)))
print(repr(s0.upper()))
print(repr(s0[::-1]))
s1 = '.'
print(repr(s1.split(' ', 0)))
print(repr(s1.startswith('cY')))
print(repr(s1.count('')))
print(repr(s1.rstrip()))
s2 = 'c-'
print(repr(s2.startswith('')))
print(repr('7é' not in s2))
print(repr(s2.replace('', '1+ß')))
print(repr(s2.count('')))
print("{name!r:>12} {v:.1f}".format(name='', v=338.0))
print('%r' % -773.015364)
print("{} | {}".format(-579.7, -77431))
print("{name!r:>12} {v:.4g}".format(name=',', v=602.4))
print("%d %s %.2f" % (-41741, '', 742.652))
print(1 in range(0, 8, 2))
print(torch.tensor(0) in torch.arange(3))
print('c-' in ['ab', ''])
print([v for v in [-1, 3, -3, -3, 2] if v not in [-1, 3]])
for ch in ' +,+1':
    print(ch, end="|")
print()
