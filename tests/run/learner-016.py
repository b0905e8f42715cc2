import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
x = torch.arange(4).float().view(2, 1, 2)
B, T, HD = x.shape
q = x.view(B, T, 2, 1)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.reshape(B, -1)
print(y.shape, y)
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
x = torch.arange(2).float().view(1, 1, 2)
B, T, HD = x.shape
q = x.view(B, T, 1, 2)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.transpose(1, 2).contiguous().view(B, T, HD)
print(torch.equal(y, x), y.stride())
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
