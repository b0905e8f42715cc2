import torch

def seen(x):
    print("seen", x)
    return x

g0 = (x for x in range(4) if x != 2)
print(repr(g0).split(' at ')[0])
print(next(g0, 'end'))
print('-'.join(str(v) for v in g0))
print(next(g0, None))
g1 = (x * 2 for x in [-1, -3, -1, 6, -1])
print(repr(g1).split(' at ')[0])
print(max(g1) if False else sum(g1))
g2 = (x * 2 for x in [-3, -1] if x > 1)
print(repr(g2).split(' at ')[0])
print(max(g2) if False else sum(g2))
print(max(g2) if False else sum(g2))
print(any(g2))
print(sum(g2))
g3 = ((x, x) for x in range(5))
print(repr(g3).split(' at ')[0])
print(list(zip(g3, 'abc')))
print(next(g3, None))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
