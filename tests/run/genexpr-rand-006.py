import torch

def seen(x):
    print("seen", x)
    return x

g0 = ((x, x) for x in torch.tensor([3.5, -1.5, 4.5]).tolist() if seen(x) > 0)
print(repr(g0).split(' at ')[0])
for v in g0:
    print('item', v)
    if v == 2:
        break
g1 = (x * 10 + y for x in torch.tensor([4.5, -1.5, 2.5, 1.5]).tolist() for y in range(2) if seen(x) > 0)
print(repr(g1).split(' at ')[0])
print(list(g1))
print(list(enumerate(g1)))
print(next(g1, None))
g2 = (x + 1 for x in torch.tensor([-1.5, 1.5, -1.5, 3.5, 4.5]).tolist())
print(repr(g2).split(' at ')[0])
print(any(g2))
print(any(seen(x) > 2 for x in [1, 2, 3, 4, 5]))
print(all(seen(x) < 3 for x in [1, 2, 3, 4, 5]))
