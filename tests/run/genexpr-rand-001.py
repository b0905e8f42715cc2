import torch

def seen(x):
    print("seen", x)
    return x

g0 = (str(x) for x in 'cyaxb')
print(repr(g0).split(' at ')[0])
for v in g0:
    print('item', v)
    if v == 2:
        break
for v in g0:
    print('item', v)
    if v == 2:
        break
g1 = (x for x in 'ybyaa')
print(repr(g1).split(' at ')[0])
print(list(enumerate(g1)))
for v in g1:
    print('item', v)
    if v == 2:
        break
print('-'.join(str(v) for v in g1))
g2 = (seen(x) for x in 'ybc' if x)
print(repr(g2).split(' at ')[0])
print('-'.join(str(v) for v in g2))
for v in g2:
    print('item', v)
    if v == 2:
        break
print(next(g2, 'end'))
print(list(g2))
g3 = (x + 1 for x in torch.tensor([-2.5]).tolist() if x > 1)
print(repr(g3).split(' at ')[0])
print(next(g3, None))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
