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

it0 = enumerate([-1, -3, 2, 5])
print('made', 0)
print(repr(it0).split(' at ')[0], type(it0))
print(next(it0, 'end'))
print([str(v) for v in it0])
it1 = zip(enumerate('yzac'), torch.arange(2).float())
print('made', 1)
print(list(it1))
print(next(it1, 'end'))
it2 = enumerate('zz', 2)
print('made', 2)
for item in it2:
    print('item', item)
    if False:
        break
for item in it2:
    print('item', item)
    if len(str(item)) > 8:
        break
it3 = enumerate([])
print('made', 3)
print(repr(it3).split(' at ')[0], type(it3))
print(next(it3, None), next(it3, None))
g = make_gen(range(4), 4)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(3):
    print(a, b)
x = torch.arange(4).float().view(1, 2, 2).long()
y = x.flip([])
print(y, y.shape, y.stride(), y.is_contiguous())
