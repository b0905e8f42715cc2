import torch
x = torch.arange(24).view(2, 3, 4)
*lead, last = x.shape
print(lead, last)
first, *rest = x.shape
print(first, rest)
a, *mid, b = [1, 2, 3, 4, 5]
print(a, mid, b)
a, *mid, b = 'xy'
print(a, mid, b)
[p, *q] = (7,)
print(p, q)
h, *t = x
print(h.shape, len(t), t[0])
(u, *v), w = [1, 2, 3], 4
print(u, v, w)
*e, = range(3)
print(e)
def f():
    return 1, 2, 3
*a2, b2 = f()
print(a2, b2)
c, d = 'pq'
i, j = range(2)
g1, g2 = (v * 2 for v in [3, 4])
print(c, d, i, j, g1, g2)
print([*range(3), 9], (*'ab', *[1]), [*x.shape[1:]])
shape = (*x.shape[:-1], 2, 2)
print(x.view(*shape).shape, x.view(shape).shape)
