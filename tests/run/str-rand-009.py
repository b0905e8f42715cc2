import torch

s0 = '-Yß1ab+\t'
print(repr(s0.isalpha()))
print(repr(s0.count('', 6)))
print(repr(s0.rjust(3, 'é')))
print(repr(s0.zfill(-1)))
print(repr(len(s0)))
s1 = ''
print(repr(s1.isalpha()))
print(repr(s1.zfill(4)))
print(repr(s1.count('x,')))
print(repr(s1.split()))
s2 = '\t\t c xa '
print(repr(s2.count('', 3)))
print(repr(s2.isalpha()))
print(repr(s2.find('b')))
print(repr(s2.center(6)))
print("{0:5d} {1:} {0}".format(118.0, -70889))
print("%d %s %.2f" % (31824, '.\tab', 510.2408))
print("{0:5d} {1:x} {0}".format(-143.466853, 64542))
print(0 in (1,))
print('' in ['', ''])
print('Y1' in ['', 'λ'])
print(2.0 in torch.tensor([-1.0, 0.0, 2.0, 1.0, 0.0]))
print([v for v in [3, 2] if v not in [3]])
for ch in 'b0-1':
    print(ch, end="|")
print()
