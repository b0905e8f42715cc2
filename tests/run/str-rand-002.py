import torch

s0 = ' +b-é'
print(repr(s0.isalpha()))
print(repr(s0.find('', 7, -1)))
print(repr(s0 * 2))
print(repr(s0.zfill(12)))
print(repr(s0.center(10)))
s1 = 'bb71'
print(repr(''.join(s1.split())))
print(repr(s1.find('λé', -3, -4)))
print(repr(s1 * 0))
print(repr(s1[-6:10]))
print(repr(s1[::-2]))
print(repr(s1.replace('-', '7ß')))
s2 = '\t-+a .\tY'
print(repr(len(s2)))
print(repr(s2.split(maxsplit=3)))
print(repr(s2.count('', -4)))
print(repr('' in s2))
print('%i' % -90747)
print("{0:.0%} {1:+d} {0}".format(984.91622, -98199))
print("%.4f" % torch.tensor(314.0))
print("%s and %r" % ('.7ba', 'Y'))
print("%s and %r" % ('cé+', 'abb'))
print("{name!r:>12} {v:5d}".format(name='Y', v=664.6))
print(torch.tensor(3) in torch.arange(1))
print(torch.tensor(-2) in torch.arange(0))
print(3.0 in range(-3, -2, -2))
for ch in 'c λ':
    print(ch, end="|")
print()
