import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
torch.manual_seed(4847)
u1 = torch.rand(2, 2)
u2 = torch.rand(2, 2)
torch.manual_seed(3538)
v1 = torch.rand(2, 2)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
t1 = torch.randn(3, 2)
u2 = torch.arange(4)
print([x * 2 for x in u2])
torch.manual_seed(3213)
u1 = torch.rand(2, 2)
u2 = torch.rand(2, 2)
torch.manual_seed(112)
v1 = torch.rand(2, 2)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
