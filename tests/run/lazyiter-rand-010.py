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

it0 = zip(range(3), 'y')
print('made', 0)
print([str(v) for v in it0])
print([str(v) for v in it0])
it1 = enumerate(zip(torch.arange(4).float(), range(4), 'zcz'))
print('made', 1)
print(next(it1, 'end'))
g = make_gen(range(4), 2)
print('gen made')
print(next(g, None))
print(list(enumerate(g, 1)))
for a, b in make_zip(4):
    print(a, b)
x = torch.arange(12).float().view(4, 3)
x = x.transpose(0, 1)
y = x.flip(0, -1)
print(y, y.shape, y.stride(), y.is_contiguous())
