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

it0 = enumerate('xaac')
print('made', 0)
for item in it0:
    print('item', item)
    if len(str(item)) > 8:
        break
it1 = zip(enumerate((seen('s1a', x) for x in range(0))), 'c')
print('made', 1)
for item in it1:
    print('item', item)
    if len(str(item)) > 8:
        break
print(next(it1, 'end'))
for item in it1:
    print('item', item)
    if len(str(item)) > 8:
        break
it2 = enumerate(enumerate(torch.arange(3).float(), 2))
print('made', 2)
print([str(v) for v in it2])
g = make_gen(torch.tensor([1., 2.]), 5)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(4):
    print(a, b)
x = torch.arange(1).float().view(1).long()
y = x.flip(())
print(y, y.shape, y.stride(), y.is_contiguous())
