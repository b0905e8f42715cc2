import torch

def seen(x):
    print("seen", x)
    return x

g0 = ((x, x) for x in torch.tensor([-1.5, 4.5, -1.5, 2.5, 3.5]).tolist())
print(repr(g0).split(' at ')[0])
print(list(zip(g0, 'abc')))
print(next(g0, 'end'))
g1 = (x * 10 + y for x in range(0) for y in range(2))
print(repr(g1).split(' at ')[0])
print(next(g1, 'end'))
print(list(g1))
print(any(g1))
print(list(g1))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
