import torch

s0 = '.ZY λ..x'
print(repr(s0.count('1', 1)))
print(repr(s0[7:-2]))
print(repr(s0.rjust(14)))
print(repr(s0.split()))
s1 = 'Yλ'
print(repr(s1[6:-2]))
print(repr(s1.endswith(('', '7λ'))))
print(repr(' ' in s1))
print(repr(s1.split('a', 1)))
print(repr(s1.lstrip()))
s2 = '.-7'
print(repr(s2.isdigit()))
print(repr(s2.split('-', 3)))
print(repr(s2.replace('', 'ab', 0)))
print(repr('' not in s2))
print(repr(s2.replace('', 'bλ', 1)))
print(repr(len(s2)))
print(repr(s2.split()))
print("%d %s %.2f" % (-63440, '.\t', -573.672))
print('%#x' % 43122)
print("%d %s %.2f" % (85156, ' ', 55.3))
print(0 in range(2, 9, -1))
print(torch.tensor(0) in torch.arange(1))
print('+' in ['', 'éx'])
print(3.0 in torch.tensor([-3.0, -2.0, 0.0, -1.0]))
print(2 in range(-4, 10, 1))
print(3 in [], 3 not in [])
for ch in 'cabxab':
    print(ch, end="|")
print()
