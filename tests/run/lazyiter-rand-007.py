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

it0 = zip(enumerate(torch.arange(3).float(), 3), [6])
print('made', 0)
for item in it0:
    print('item', item)
    if True:
        break
print(next(it0, None), next(it0, None))
for item in it0:
    print('item', item)
    if len(str(item)) > 8:
        break
it1 = enumerate('ay')
print('made', 1)
print(next(it1, 'end'))
it2 = enumerate((seen('s2', x) for x in range(5)))
print('made', 2)
print([str(v) for v in it2])
g = make_gen(range(4), 2)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(4):
    print(a, b)
x = torch.arange(2).float().view(1, 2)
y = torch.flip(x, dims=())
print(y, y.shape, y.stride(), y.is_contiguous())
print(y.flip(0).sum(), ~(y > 1))
x = torch.arange(6).float().view(2, 3, 1)[..., None].squeeze(-1)
y = x.flip(())
print(y, y.shape, y.stride(), y.is_contiguous())
print(y.flip(0).sum(), ~(y > 1))
x = torch.arange(3).float().view(3)[..., None].squeeze(-1)
y = torch.flip(x, dims=())
print(y, y.shape, y.stride(), y.is_contiguous())
print(y.flip(0).sum(), ~(y > 1))
