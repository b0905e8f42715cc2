import torch

s0 = 'xab'
print(repr('xa' not in s0))
print(repr(''.join(s0.split())))
print(repr(s0.lstrip('0')))
print(repr('é'.join(s0.split())))
print(repr(' - '.join(s0.split())))
s1 = 'ab7a Z+.'
print(repr(s1[-3] if len(s1) > 3 else None))
print(repr(s1.find('xb', 8, 11)))
print(repr(s1.replace('', '', -1)))
print(repr(s1.lower()))
s2 = 'λbb-7\téa '
print(repr(s2.lstrip('0 x')))
print(repr(s2[::2]))
print(repr(s2.count('')))
print(repr(s2.count('-λ', 12)))
print("%d %s %.2f" % (27776, 'ß', -913.0))
print("%s and %r" % ('', '+a'))
print("{} | {}".format(956.76265, -69256))
print(-1 in [-1, 1, 2, -2], -1 not in [-1, 1, 2, -2])
print('Z' in ['é', '1'])
print(-3 in range(1, 7, 3))
print(-2 in (-2, -3, 0))
for ch in ' -x':
    print(ch, end="|")
print()
