import torch

def seen(tag, x):
    print("seen", tag, x)
    return x

def make_gen(xs, k):
    w = k + 1
    g = (seen("m", x) * w for x in xs)
    w = k * 10
    return g

def make_zip(n):
    t = torch.arange(n).float()
    return zip(range(n), (t[i] * 2 for i in range(n)))

it0 = enumerate([1, 3, 3, 5])
print('made', 0)
for item in it0:
    print('item', item)
    if len(str(item)) > 8:
        break
for item in it0:
    print('item', item)
    if False:
        break
it1 = zip(enumerate(range(4)), (seen('s1b', x) for x in range(0)))
print('made', 1)
print(next(it1, 'end'))
it2 = zip(enumerate([3, 2, -3, 0], -2), torch.arange(3).float())
print('made', 2)
for item in it2:
    print('item', item)
    if len(str(item)) > 8:
        break
for item in it2:
    print('item', item)
    if len(str(item)) > 8:
        break
print(list(it2))
g = make_gen(range(4), 4)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(4):
    print(a, b)
x = torch.arange(12).float().view(3, 1, 4).long()
y = x.flip((0, -2, 2))
print(y, y.shape, y.stride(), y.is_contiguous())
x = torch.arange(1).float().view(1)[..., None].squeeze(-1)
y = torch.flip(x, [])
print(y, y.shape, y.stride(), y.is_contiguous())
