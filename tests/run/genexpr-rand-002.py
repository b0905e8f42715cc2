import torch

def seen(x):
    print("seen", x)
    return x

g0 = (x for x in torch.tensor([0.5]).tolist())
print(repr(g0).split(' at ')[0])
for v in g0:
    print('item', v)
    if v == 2:
        break
print(sum(g0))
g1 = (x + 1 for x in range(6))
print(repr(g1).split(' at ')[0])
print('-'.join(str(v) for v in g1))
g2 = ((x, x) for x in range(5))
print(repr(g2).split(' at ')[0])
print(next(g2, None))
g3 = (seen(x) for x in torch.tensor([3.5, 1.5, 4.5]).tolist())
print(repr(g3).split(' at ')[0])
for v in g3:
    print('item', v)
    if v == 2:
        break
print('-'.join(str(v) for v in g3))
print(sum(g3))
print(any(g3))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
