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

it0 = zip(torch.arange(1).float(), range(1), '')
print('made', 0)
for item in it0:
    print('item', item)
    if True:
        break
it1 = enumerate(zip(torch.arange(4).float()))
print('made', 1)
for item in it1:
    print('item', item)
    if True:
        break
print([str(v) for v in it1])
print(next(it1, None), next(it1, None))
it2 = enumerate(zip(torch.arange(2).float(), [6, -2], torch.arange(2).float()))
print('made', 2)
print([str(v) for v in it2])
g = make_gen(range(4), 3)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(0):
    print(a, b)
x = torch.arange(12).float().view(4, 3, 1).long()
x = x.transpose(0, 2)
y = x.flip(2, -2, 0)
print(y, y.shape, y.stride(), y.is_contiguous())
