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

it0 = enumerate(enumerate((seen('s0e', x) for x in range(0))))
print('made', 0)
print(repr(it0).split(' at ')[0], type(it0))
it1 = enumerate(range(0), 1)
print('made', 1)
print(next(it1, None), next(it1, None))
it2 = enumerate([2])
print('made', 2)
print(next(it2, None), next(it2, None))
g = make_gen([1, 2, 3], 4)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(4):
    print(a, b)
x = torch.arange(12).float().view(3, 4, 1).long()
x = x.transpose(0, 2)
y = x.flip(-1)
print(y, y.shape, y.stride(), y.is_contiguous())
print(y.flip(0).sum(), ~(y > 1))
x = torch.arange(2).float().view(2)
y = torch.flip(x, dims=(0,))
print(y, y.shape, y.stride(), y.is_contiguous())
