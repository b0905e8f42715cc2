import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
def noisy(v):
    print('made', v)
    return v
gen = (noisy(v) for v in range(4))
pairs = enumerate(gen, 1)
print(next(pairs, None))
for item in pairs:
    print('got', item)
    break
print(list(pairs))
def noisy(v):
    print('made', v)
    return v
gen = (noisy(v) for v in range(1))
pairs = zip('ab', gen)
print(next(pairs, None))
for item in pairs:
    print('got', item)
    break
print(list(pairs))
x = torch.arange(2).float()
print(x.flip(0), torch.flip(x.view(1, -1), [0, 1]))
w1 = torch.tensor([[-0.92, -0.21], [0.45, 0.52]])
print(f"sum={w1.sum():.1%} max={w1.max():<7.1f}")
