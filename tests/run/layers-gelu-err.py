import torch
import torch.nn as nn

g = nn.GELU(approximate='exact')
print(g)
print(g(torch.randn(3)))
