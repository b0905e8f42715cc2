import torch

def seen(x):
    print("seen", x)
    return x

g0 = ((x, x) for x in [] if seen(x) > 0)
print(repr(g0).split(' at ')[0])
print(list(zip(g0, 'abc')))
print(tuple(g0))
g1 = (x for x in torch.tensor([-2.5]).tolist())
print(repr(g1).split(' at ')[0])
print(any(g1))
g2 = (seen(x) for x in '')
print(repr(g2).split(' at ')[0])
print(list(enumerate(g2)))
print(list(enumerate(g2)))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
