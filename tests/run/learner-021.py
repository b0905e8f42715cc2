import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
w1 = torch.tensor([[-0.77, -0.27]])
print(f"{w1[0, 0]:>8.3f} {w1[0]} {w1.shape} {w1.dtype}")
x = torch.arange(12).float().view(2, 1, 6)
B, T, HD = x.shape
q = x.view(B, T, 3, 2)
q = q.transpose(1, 2)
print(q.shape, q.stride(), q.is_contiguous())
y = q.reshape(B, -1)
print(y.shape, y)
b_, t_ = x.shape[:2]
n, = x.flatten().shape
lead = x.shape[:-1]
print(b_, t_, n, x.size(-1), x.shape[-1], tuple(x.shape))
