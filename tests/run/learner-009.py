import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
def noisy(v):
    print('made', v)
    return v
gen = (noisy(v) for v in range(2))
pairs = zip('ab', gen)
print(next(pairs, None))
for item in pairs:
    print('got', item)
    break
print(list(pairs))
t1 = torch.rand(3, 3)
u2 = torch.arange(2)
print((t1, u2))
