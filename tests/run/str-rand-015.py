import torch

s0 = 'Z x. ß0'
print(repr(s0.lstrip('ab0 ')))
print(repr(s0.split()))
print(repr(s0.zfill(-1)))
print(repr(s0.rjust(11)))
print(repr(s0.find('ab+', -3, -1)))
s1 = '-Y1xcßxYab7Y'
print(repr(s1.split('x7')))
print(repr(s1[::-2]))
print(repr(s1.split(maxsplit=-1)))
print(repr(s1 * 3))
print(repr(s1.zfill(10)))
print(repr([c for c in s1]))
s2 = '.+xabλa7Yab.1'
print(repr(s2.rstrip('Yλ')))
print(repr(s2.upper()))
print(repr([c for c in s2]))
print(repr('' in s2))
print(repr(s2.replace('Z ', '', 3)))
print("%s and %r" % ('-', 'xY'))
print("{name!r:>12} {v:.3f}".format(name='ba-', v=672.098))
print("%s and %r" % ('b-+1', ' λbab'))
print("{name!r:>12} {v:,}".format(name='abx,x', v=964.0))
print("{name!r:>12} {v:8.2f}".format(name='bab0b', v=344.173613))
print("{} | {}".format(589.297, -26228))
print(-3 in torch.tensor([[]]))
print('ß' in ['x', ''])
print(-3 in [], -3 not in [])
for ch in '7a':
    print(ch, end="|")
print()
