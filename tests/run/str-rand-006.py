import torch

s0 = ''
print(repr(s0.split()))
print(repr(s0.upper()))
print(repr(s0[::-1]))
print(repr(s0 * 3))
print(repr(s0.count('Yλ', 6)))
s1 = '-éc+ .'
print(repr(s1.startswith(('b\t', 'λé'))))
print(repr(s1.strip('Z')))
print(repr(s1.replace('x', ',,', 2)))
print(repr(s1.split(maxsplit=-1)))
s2 = ',ß.00ab '
print(repr(s2 * 0))
print(repr(len(s2)))
print(repr(s2.split()))
print(repr(s2.split('\t')))
print(repr(s2.rstrip()))
print(repr(s2.count('Y-')))
print("%.4f" % torch.tensor(-987.02))
print('%s' % -288.0)
print("{0:.3f} {1:} {0}".format(791.69158, -12807))
print(3 in (2, 1, -2, 2, 1))
print(0 in range(-5, -4, 2))
print([v for v in [-1] if v not in []])
print(-3 in range(0, 5, -1))
for ch in '1ab':
    print(ch, end="|")
print()
