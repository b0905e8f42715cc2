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

it0 = enumerate([5, -1, 5, 5])
print('made', 0)
print(list(it0))
it1 = enumerate((seen('s1', x) for x in range(1)))
print('made', 1)
print(repr(it1).split(' at ')[0], type(it1))
g = make_gen(torch.tensor([1., 2.]), 2)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(3):
    print(a, b)
x = (torch.arange(8).view(4, 1, 2) % 3 == 0)
y = torch.flip(x, [0, 2])
print(y, y.shape, y.stride(), y.is_contiguous())
print(y.flip(0).sum(), ~(y > 1))
