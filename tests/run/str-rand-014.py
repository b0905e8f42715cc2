import torch

s0 = '+cabx'
print(repr(s0.replace('', 'Y.é')))
print(repr(s0.lower()))
print(repr(s0.zfill(4)))
print(repr([c for c in s0]))
print(repr(s0[::-1]))
s1 = 'cé,0 xabc71λ'
print(repr(s1.center(8)))
print(repr(s1.startswith('c')))
print(repr(s1.find('')))
print(repr(s1.count('b')))
print(repr(s1.count('a')))
print(repr(s1 * 3))
print(repr('-' in s1))
s2 = 'Y1'
print(repr(s2.strip('+-+')))
print(repr(s2[::-1]))
print(repr(s2.split('-', -1)))
print(repr(s2[::3]))
print("%d %s %.2f" % (-55613, '..', 413.0))
print("{0:^9} {1:<6} {0}".format(-85.021476, -52343))
print("{name!r:>12} {v:+.2e}".format(name='\t', v=-943.0))
print("%d %s %.2f" % (35845, ',λ', -348.772464))
print("%d %s %.2f" % (39309, '', -339.9105))
print("%.4f" % torch.tensor(-117.09097))
print(0 in (0, 1, 3))
print(-1 in [0, 3, 2, 0, 2], -1 not in [0, 3, 2, 0, 2])
print(True in torch.tensor([0.0, -2.0, -2.0]))
print('' in ['', 'a'])
for ch in '1Yx':
    print(ch, end="|")
print()
