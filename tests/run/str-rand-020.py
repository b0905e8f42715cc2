import torch

s0 = 'c,'
print(repr(s0.zfill(6)))
print(repr(s0.rstrip()))
print(repr(s0.find(' λ', 6, -4)))
print(repr(s0.split('a', 1)))
print(repr(s0[::-1]))
s1 = '7caλx'
print(repr(s1.split(' -')))
print(repr(s1[::2]))
print(repr(s1.split(maxsplit=3)))
print(repr(s1.find('', 10, -4)))
s2 = ' '
print(repr(s2.rstrip(' ')))
print(repr(s2.find('c')))
print(repr(s2.split()))
print(repr('' in s2))
print("{{literal}} {}".format('ab\t'))
print("{0:.1f} {1:o} {0}".format(209.331, -85105))
print("%.4f" % torch.tensor(619.135))
print("{} | {}".format(-130.778671, -87416))
print("%d %s %.2f" % (-73517, '', -97.939007))
print("{0:<10} {1:,} {0}".format(-786.698, 74636))
print('+7' in ['', ''])
print('éλ' in ['.a', ''])
print(torch.tensor(-1) in torch.arange(1))
print(torch.tensor(0) in torch.arange(4))
print(3 in (2, 2, -1))
print(2.5 in torch.tensor([[]]))
for ch in '+ß':
    print(ch, end="|")
print()
