import torch

def seen(x):
    print("seen", x)
    return x

g0 = (x + 1 for x in torch.tensor([3.5]).tolist())
print(repr(g0).split(' at ')[0])
print(list(zip(g0, 'abc')))
print(list(enumerate(g0)))
for v in g0:
    print('item', v)
    if v == 2:
        break
g1 = ((x, x) for x in [4, 5, 1] if x > 1)
print(repr(g1).split(' at ')[0])
print(list(g1))
print(next(g1, 'end'))
print(next(g1, 'end'))
g2 = (x for x in 'xaac' if seen(x))
print(repr(g2).split(' at ')[0])
print(list(enumerate(g2)))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
