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

it0 = zip(enumerate(torch.arange(2).float()), [-1, 5])
print('made', 0)
print(repr(it0).split(' at ')[0], type(it0))
print(next(it0, 'end'))
print(next(it0, None), next(it0, None))
it1 = enumerate(enumerate(range(1), 3))
print('made', 1)
for item in it1:
    print('item', item)
    if len(str(item)) > 8:
        break
g = make_gen(range(4), 1)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(3):
    print(a, b)
x = torch.arange(4).float().view(4, 1, 1).long()
y = x.flip((0,))
print(y, y.shape, y.stride(), y.is_contiguous())
