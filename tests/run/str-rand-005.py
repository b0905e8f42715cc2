import torch

s0 = '  cZabbb0c'
print(repr(s0.find('', -4, 0)))
print(repr(s0.split(maxsplit=1)))
print(repr(s0.startswith('')))
print(repr(s0.endswith(('', '.'))))
print(repr(s0.zfill(1)))
s1 = '-,x+ß Z.7\t.'
print(repr(s1[-2] if len(s1) > 3 else None))
print(repr(s1[6:7]))
print(repr(s1.ljust(13)))
print(repr(s1.isdigit()))
print(repr(s1.replace('ca', 'Za', 2)))
print(repr(s1.count('')))
s2 = '+1-.01,0 1Y'
print(repr(s2.upper()))
print(repr(len(s2)))
print(repr(len(s2)))
print(repr(s2.center(11)))
print(repr(len(s2)))
print(repr(len(s2)))
print(repr(s2.zfill(3)))
print('%-6s|' % -526.0)
print("{0:+.2e} {1:,} {0}".format(-771.9202, -38586))
print("{} | {}".format(-7.002022, 8959))
print('' in ['Y', 'c0'])
print(torch.tensor(3) in torch.arange(5))
print('aλ' in ['', ' .'])
print(1 in range(3, 5, 3))
for ch in '0.':
    print(ch, end="|")
print()
