import torch

def seen(x):
    print("seen", x)
    return x

g0 = (x * 10 + y for x in [1, 1, -2, 6, -2] for y in range(2))
print(repr(g0).split(' at ')[0])
print('-'.join(str(v) for v in g0))
for v in g0:
    print('item', v)
    if v == 2:
        break
print(sum(g0))
print('-'.join(str(v) for v in g0))
g1 = (seen(x) for x in [-2] if x > 1)
print(repr(g1).split(' at ')[0])
print(next(g1, None))
print(any(g1))
g2 = (seen(x) for x in [6, 3, -3, -3] if x > 1)
print(repr(g2).split(' at ')[0])
for v in g2:
    print('item', v)
    if v == 2:
        break
print(all(g2))
print('-'.join(str(v) for v in g2))
print(next(g2, None))
g3 = (x * 2 for x in range(1))
print(repr(g3).split(' at ')[0])
for v in g3:
    print('item', v)
    if v == 2:
        break
print('-'.join(str(v) for v in g3))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
