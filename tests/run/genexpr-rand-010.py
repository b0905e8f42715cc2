import torch

def seen(x):
    print("seen", x)
    return x

g0 = (x for x in range(2))
print(repr(g0).split(' at ')[0])
print(list(g0))
g1 = (x for x in [2, -3, -3, 4] if seen(x) > 0)
print(repr(g1).split(' at ')[0])
print('-'.join(str(v) for v in g1))
print(next(g1, 'end'))
g2 = ((x, x) for x in torch.tensor([4.5, 4.5, -2.5, 1.5]).tolist())
print(repr(g2).split(' at ')[0])
for v in g2:
    print('item', v)
    if v == 2:
        break
g3 = (x for x in [])
print(repr(g3).split(' at ')[0])
for v in g3:
    print('item', v)
    if v == 2:
        break
print('-'.join(str(v) for v in g3))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
