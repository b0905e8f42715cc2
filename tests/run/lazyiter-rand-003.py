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

it0 = enumerate('zxbb', -1)
print('made', 0)
print([str(v) for v in it0])
print(next(it0, None), next(it0, None))
it1 = enumerate(enumerate(range(4)))
print('made', 1)
print(repr(it1).split(' at ')[0], type(it1))
print(next(it1, None), next(it1, None))
it2 = zip('abz')
print('made', 2)
for item in it2:
    print('item', item)
    if len(str(item)) > 8:
        break
print(next(it2, 'end'))
it3 = enumerate((seen('s3', x) for x in range(5)), 4)
print('made', 3)
print(repr(it3).split(' at ')[0], type(it3))
g = make_gen(range(4), 5)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(3):
    print(a, b)
x = torch.arange(18).float().view(2, 3, 3)
y = torch.flip(x, [1, -1, 0])
print(y, y.shape, y.stride(), y.is_contiguous())
x = torch.arange(9).float().view(3, 3).long()
y = torch.flip(x, dims=())
print(y, y.shape, y.stride(), y.is_contiguous())
x = torch.arange(3).float().view(3, 1)[..., None].squeeze(-1)
x = x.transpose(0, 1)
y = torch.flip(x, [1])
print(y, y.shape, y.stride(), y.is_contiguous())
print(y.flip(0).sum(), ~(y > 1))
