import torch

def seen(x):
    print("seen", x)
    return x

g0 = (seen(x) for x in [-3, 3, 3, 2, 1] if x > 1)
print(repr(g0).split(' at ')[0])
print(next(g0, 'end'))
print(any(g0))
print(list(g0))
print(list(zip(g0, 'abc')))
g1 = ((x, x) for x in [-3, 5, 6, 0])
print(repr(g1).split(' at ')[0])
print(list(zip(g1, 'abc')))
print('-'.join(str(v) for v in g1))
print('-'.join(str(v) for v in g1))
g2 = (seen(x) for x in 'za')
print(repr(g2).split(' at ')[0])
for v in g2:
    print('item', v)
    if v == 2:
        break
print(list(g2))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
