import torch

s0 = ''
print(repr(s0[5:-4]))
print(repr(s0[0] if len(s0) > 3 else None))
print(repr(s0 * 0))
print(repr(s0 * -1))
print(repr(s0.find('')))
s1 = '.Zxbλ,λ1-00'
print(repr(s1.strip('ß Y')))
print(repr(s1.rjust(1)))
print(repr(s1.strip('\tc')))
print(repr(s1.split(',', 3)))
s2 = 'λY+'
print(repr(s2.find('x7', 9, -4)))
print(repr(s2 * -1))
print(repr(s2.startswith(('Y', 'b'))))
print(repr(s2.isalpha()))
print(repr(s2.split()))
print("{name!r:>12} {v:<10}".format(name=' ', v=362.28945))
print('%.3g' % 914.18015)
print("%.4f" % torch.tensor(346.9082))
print(True in torch.tensor([-3.0]))
print(torch.tensor(0) in torch.arange(3))
print(-1 in [-1, -2, 3, -3, 3], -1 not in [-1, -2, 3, -3, 3])
print(-2.5 in torch.tensor([[]]))
for ch in 'éb+Z+':
    print(ch, end="|")
print()
