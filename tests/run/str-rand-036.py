import torch

s0 = '\tc-  1.a-xab'
print(repr(s0.rjust(7, 'é')))
print(repr(s0.strip()))
print(repr(s0.replace('', '')))
print(repr(''.join(s0.split())))
print(repr(s0.find('é')))
print(repr(s0.isalpha()))
s1 = '\tY.1b1cß0'
print(repr(s1.strip()))
print(repr(','.join(s1.split())))
print(repr(s1.replace(',a', 'éé', 0)))
print(repr(s1.lower()))
print(repr(s1.split(maxsplit=1)))
s2 = 'λc077.'
print(repr(s2.split('\t')))
print(repr(len(s2)))
print(repr(s2.endswith('0')))
print(repr(s2.zfill(2)))
print(repr(s2.split('.b')))
print("%.4f" % torch.tensor(931.0))
print("{name!r:>12} {v:+.2e}".format(name='', v=-994.261))
print("{{literal}} {}".format(''))
print("%s and %r" % ('+1', 'λ '))
print("{{literal}} {}".format(',c'))
print("{name!r:>12} {v:.3f}".format(name='', v=-898.9191))
print(-1 in [-3], -1 not in [-3])
print(-2.5 in torch.tensor([2.0, 3.0, -2.0, -2.0]))
print([v for v in [3, 2, -3] if v not in [3]])
for ch in 'Y777':
    print(ch, end="|")
print()
