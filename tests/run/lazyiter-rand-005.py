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

it0 = zip('aayy', [-3, -1])
print('made', 0)
print(next(it0, 'end'))
for item in it0:
    print('item', item)
    if True:
        break
it1 = enumerate((seen('s1', x) for x in range(2)), 1)
print('made', 1)
print([str(v) for v in it1])
print(repr(it1).split(' at ')[0], type(it1))
print(next(it1, None), next(it1, None))
g = make_gen(torch.tensor([1., 2.]), 2)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(1):
    print(a, b)
x = (torch.arange(24).view(3, 4, 2) % 3 == 0)
y = torch.flip(x, [])
print(y, y.shape, y.stride(), y.is_contiguous())
x = torch.arange(12).float().view(2, 2, 3)[..., None].squeeze(-1)
x = x.transpose(0, 2)
y = torch.flip(x, dims=())
print(y, y.shape, y.stride(), y.is_contiguous())
x = (torch.arange(4).view(4) % 3 == 0)
y = torch.flip(x, [])
print(y, y.shape, y.stride(), y.is_contiguous())
print(y.flip(0).sum(), ~(y > 1))
