import torch

s0 = 'ß\tab\téé7xY\t0Z'
print(repr('é'.join(s0.split())))
print(repr(s0.isdigit()))
print(repr(s0.startswith((' x', '\tb'))))
print(repr(len(s0)))
s1 = '1Z-+\tλ'
print(repr('' not in s1))
print(repr('Z' in s1))
print(repr(s1[::2]))
print(repr(s1.find('')))
print(repr(s1[4:4]))
print(repr(s1.endswith('\tY')))
print(repr('' in s1))
print(repr(s1.ljust(5)))
s2 = 'λ\tabb1 a1'
print(repr(s2[-4:8]))
print(repr('abZ' not in s2))
print(repr(s2.endswith(('ab', ' '))))
print(repr(len(s2)))
print(repr(s2.rjust(11, 'é')))
print("%s and %r" % ('Z.', 'xcY '))
print("%d %s %.2f" % (-29175, '  0+', 349.5))
print("%.4f" % torch.tensor(-772.1))
print(3 in (-1, 1))
print(-1.5 in torch.tensor([-2.0, 1.0, 0.0, 1.0, 1.0]))
print([v for v in [-2, 3, -1, 2, 1] if v not in [-2, 3]])
print('Y.' in ['17', 'Y\t'])
for ch in '1λababa':
    print(ch, end="|")
print()
