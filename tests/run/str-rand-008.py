import torch

s0 = 'x+x'
print(repr(s0[::2]))
print(repr(s0[-1] if len(s0) > 3 else None))
print(repr(len(s0)))
print(repr(','.join(s0.split())))
print(repr(s0.split('-', -1)))
print(repr(s0.strip('é')))
s1 = '. \t.70cxY'
print(repr(len(s1)))
print(repr(s1.split()))
print(repr(s1.center(-2)))
print(repr(s1.split()))
print(repr(s1.center(9, '-')))
print(repr(s1.zfill(11)))
s2 = ''
print(repr(s2.lstrip()))
print(repr(s2.lower()))
print(repr(s2.replace('-', '', 3)))
print(repr(s2.split()))
print("%.4f" % torch.tensor(533.8026))
print("%d %s %.2f" % (-11517, '', 756.827939))
print("{0:.4g} {1:5d} {0}".format(-516.50034, 90870))
print("%.4f" % torch.tensor(61.0))
print("%.4f" % torch.tensor(-696.942498))
print("{{literal}} {}".format('.λbbY'))
print(-2 in range(4, 4, 3))
print(3 in [-2], 3 not in [-2])
print('ß7' in ['', ' '])
for ch in '.ßßλ\t':
    print(ch, end="|")
print()
