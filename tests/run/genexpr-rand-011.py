import torch

def seen(x):
    print("seen", x)
    return x

g0 = (str(x) for x in 'zzb' if seen(x))
print(repr(g0).split(' at ')[0])
print(list(g0))
print(any(g0))
print(list(g0))
print(list(enumerate(g0)))
g1 = (x for x in 'axxc')
print(repr(g1).split(' at ')[0])
print(next(g1, 'end'))
g2 = (seen(x) for x in [6, 0, 2, 3])
print(repr(g2).split(' at ')[0])
print(tuple(g2))
print('-'.join(str(v) for v in g2))
for v in g2:
    print('item', v)
    if v == 2:
        break
g3 = (x * 2 for x in range(3))
print(repr(g3).split(' at ')[0])
print(tuple(g3))
print(next(g3, None))
print(list(enumerate(g3)))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
