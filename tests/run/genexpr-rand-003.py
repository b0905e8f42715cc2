import torch

def seen(x):
    print("seen", x)
    return x

g0 = (x * 10 + y for x in [1, -2, -3, -1, 2, 5] for y in range(2) if x != 2)
print(repr(g0).split(' at ')[0])
print(sum(g0))
g1 = (x + 1 for x in torch.tensor([3.5, 0.5, -2.5, 0.5]).tolist() if x > 1)
print(repr(g1).split(' at ')[0])
print('-'.join(str(v) for v in g1))
for v in g1:
    print('item', v)
    if v == 2:
        break
print(any(g1))
print(any(g1))
g2 = (seen(x) for x in 'yzy')
print(repr(g2).split(' at ')[0])
print(next(g2, None))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
