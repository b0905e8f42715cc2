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

it0 = enumerate(range(0), 3)
print('made', 0)
print(next(it0, 'end'))
print(next(it0, 'end'))
print(repr(it0).split(' at ')[0], type(it0))
it1 = enumerate(range(2))
print('made', 1)
print(next(it1, None), next(it1, None))
for item in it1:
    print('item', item)
    if False:
        break
g = make_gen(torch.tensor([1., 2.]), 5)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(2):
    print(a, b)
x = torch.arange(4).float().view(4)[..., None].squeeze(-1)
y = torch.flip(x, dims=())
print(y, y.shape, y.stride(), y.is_contiguous())
x = torch.arange(4).float().view(4, 1).long()
x = x.transpose(0, 1)
y = torch.flip(x, [])
print(y, y.shape, y.stride(), y.is_contiguous())
