import torch
import torch.nn as nn
def f(a, b, c=3):
    return a + b * c
print(f(*[1, 2]), f(*(1, 2, 4)), f(1, *[5]), f(*range(2), c=10), f(c=1, *[2, 3]))
print(torch.zeros(*[2, 3]).shape, torch.rand(2, 3).view(*(3, 2)).shape)
x = torch.ones(2, 3, 4)
print(x.permute(*reversed_dims) if False else x.permute(*[2, 0, 1]).shape, x.view(*x.shape[:-1], 2, 2).shape)
m = nn.Sequential(*[nn.Linear(2, 2) for _ in range(3)])
print(m)
print(max(*[3, 9, 2]), *[1, 2], sep='-')
print(*(v for v in 'ab'))
layers = [nn.Linear(2, 3), nn.Dropout(0.1)]
print(nn.Sequential(*layers, nn.Linear(3, 1)))
print(*torch.arange(3))
