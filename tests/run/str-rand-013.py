import torch

s0 = 'Z xßc-,.'
print(repr(s0[7:-1]))
print(repr(s0.isalpha()))
print(repr(s0.split(' ,')))
print(repr([c for c in s0]))
print(repr(''.join(s0.split())))
s1 = '1+'
print(repr(s1.count('a', 12)))
print(repr([c for c in s1]))
print(repr(s1.replace('.', 'xß')))
print(repr(s1.find('+', -1, 7)))
s2 = 'c +\tλY .'
print(repr(s2[3] if len(s2) > 3 else None))
print(repr(s2.center(13, 'é')))
print(repr(s2.isalpha()))
print(repr(s2.ljust(4)))
print(repr(s2.replace('+7', '+.')))
print(repr(s2.rjust(12)))
print("{name!r:>12} {v:x}".format(name='', v=495.929549))
print("{} | {}".format(-177.67502, -94366))
print("{{literal}} {}".format('-+\t0+'))
print("%d %s %.2f" % (71326, ',\t', 485.36))
print("{name!r:>12} {v:.0%}".format(name='1ab', v=685.0))
print("{0:} {1:,} {0}".format(-682.02118, -80068))
print(-2 in range(-3, 6, 2))
print(1 in range(2, 5, 1))
print(0.5 in torch.tensor([1.0, 2.0, -3.0, -1.0, -2.0]))
print(-3 in [0], -3 not in [0])
print('--' in ['-\t', ' Y'])
for ch in '\t ':
    print(ch, end="|")
print()
