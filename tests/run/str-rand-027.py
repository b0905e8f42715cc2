import torch

s0 = '0-c\té0YYb.'
print(repr(s0 * 3))
print(repr('λ\t' not in s0))
print(repr(s0[0:12]))
print(repr('é'.join(s0.split())))
print(repr(s0.count('')))
print(repr(s0.center(6, '-')))
s1 = 'c'
print(repr(s1.endswith('Zx')))
print(repr(s1.split(maxsplit=2)))
print(repr(s1.strip(' 1Y')))
print(repr(s1.endswith('aba')))
print(repr('c' not in s1))
print(repr(s1.rstrip(' ')))
print(repr(s1.count(' ')))
s2 = 'YZx\t1,0 c xc'
print(repr(s2.replace('0', ' ,x')))
print(repr(s2.split(',0')))
print(repr(s2.rstrip()))
print(repr('λx' not in s2))
print(repr(s2.rstrip()))
print("{{literal}} {}".format(',  '))
print("{} | {}".format(604.420154, -95438))
print("{{literal}} {}".format('ß'))
print("{{literal}} {}".format('.+\t+ab'))
print(0 in (-2,))
print('ab' in [',', 'b'])
print(torch.tensor(-2) in torch.arange(2))
print('' in ['b', ' '])
for ch in 'xa\t':
    print(ch, end="|")
print()
