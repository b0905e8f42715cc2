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

it0 = enumerate(range(3))
print('made', 0)
print(next(it0, None), next(it0, None))
it1 = zip((seen('s10', x) for x in range(1)), torch.arange(2).float(), range(5))
print('made', 1)
print(list(it1))
it2 = enumerate(enumerate([4, 6]))
print('made', 2)
print(list(it2))
it3 = zip(torch.arange(4).float(), range(4))
print('made', 3)
print(repr(it3).split(' at ')[0], type(it3))
for item in it3:
    print('item', item)
    if True:
        break
g = make_gen([1, 2, 3], 5)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(3):
    print(a, b)
x = torch.arange(3).float().view(1, 3).long()
x = x.transpose(0, 1)
y = x.flip([])
print(y, y.shape, y.stride(), y.is_contiguous())
