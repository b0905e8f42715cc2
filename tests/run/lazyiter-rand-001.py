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

it0 = enumerate(enumerate([1, 5], 2))
print('made', 0)
print([str(v) for v in it0])
for item in it0:
    print('item', item)
    if False:
        break
it1 = enumerate([-2, 4, 0, 2], 0)
print('made', 1)
print([str(v) for v in it1])
print(next(it1, 'end'))
print(repr(it1).split(' at ')[0], type(it1))
it2 = enumerate((seen('s2', x) for x in range(0)), -2)
print('made', 2)
print(repr(it2).split(' at ')[0], type(it2))
print(repr(it2).split(' at ')[0], type(it2))
print(next(it2, 'end'))
g = make_gen([1, 2, 3], 1)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(0):
    print(a, b)
x = (torch.arange(4).view(1, 4, 1) % 3 == 0)
x = x.transpose(0, 2)
y = torch.flip(x, dims=(-1, -2, 0))
print(y, y.shape, y.stride(), y.is_contiguous())
