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

it0 = zip(range(4), [5, 1, 1, 0, 0])
print('made', 0)
for item in it0:
    print('item', item)
    if len(str(item)) > 8:
        break
for item in it0:
    print('item', item)
    if False:
        break
print(next(it0, None), next(it0, None))
it1 = zip((seen('s10', x) for x in range(2)), 'byxz', [3, 2, 6, -2, -2])
print('made', 1)
for item in it1:
    print('item', item)
    if True:
        break
g = make_gen([1, 2, 3], 1)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(3):
    print(a, b)
x = torch.arange(3).float().view(3).long()
y = torch.flip(x, [])
print(y, y.shape, y.stride(), y.is_contiguous())
x = (torch.arange(32).view(4, 2, 4) % 3 == 0)
y = torch.flip(x, dims=(1,))
print(y, y.shape, y.stride(), y.is_contiguous())
