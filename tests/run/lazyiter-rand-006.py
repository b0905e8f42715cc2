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

it0 = zip(enumerate((seen('s0a', x) for x in range(2))), torch.arange(4).float())
print('made', 0)
print([str(v) for v in it0])
it1 = enumerate(zip(torch.arange(2).float(), (seen('s1e1', x) for x in range(1))))
print('made', 1)
print(repr(it1).split(' at ')[0], type(it1))
print(next(it1, 'end'))
print(repr(it1).split(' at ')[0], type(it1))
it2 = enumerate((seen('s2', x) for x in range(5)))
print('made', 2)
print(list(it2))
print(next(it2, 'end'))
g = make_gen([1, 2, 3], 5)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(3):
    print(a, b)
x = torch.arange(6).float().view(3, 2).long()
y = x.flip(1, 0)
print(y, y.shape, y.stride(), y.is_contiguous())
x = torch.arange(6).float().view(2, 3, 1)
y = torch.flip(x, [1])
print(y, y.shape, y.stride(), y.is_contiguous())
print(y.flip(0).sum(), ~(y > 1))
