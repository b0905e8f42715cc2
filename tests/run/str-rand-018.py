import torch

s0 = 'x ßab--Z7a '
print(repr(s0.replace(' Y', 'c')))
print(repr(s0.rjust(4, '*')))
print(repr('ax' in s0))
print(repr(s0[::2]))
print(repr(s0.lstrip()))
print(repr(s0.split(' ')))
print(repr(s0.isalpha()))
s1 = 'λß'
print(repr(s1.find('', -4, 9)))
print(repr(s1[1] if len(s1) > 3 else None))
print(repr(s1.zfill(3)))
print(repr(s1.find('b')))
print(repr(s1 * -1))
print(repr(s1.replace('', '', -1)))
s2 = ' '
print(repr(s2.rstrip('.')))
print(repr(s2[5:0]))
print(repr(' -' not in s2))
print(repr(s2[::3]))
print("{name!r:>12} {v:<10}".format(name='céß', v=97.2628))
print("{0:*^12} {1:,} {0}".format(-934.8139, -48183))
print("{{literal}} {}".format('a'))
print(-3 in (-2,))
print('λ' in ['', ''])
print(3 in [1, 2, 0, 2, -2], 3 not in [1, 2, 0, 2, -2])
for ch in '1.':
    print(ch, end="|")
print()
