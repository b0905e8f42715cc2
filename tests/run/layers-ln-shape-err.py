# a wrong normalized_shape: ATen's one-line error, at its line
import torch
import torch.nn as nn

ln = nn.LayerNorm(32)
print(ln)
x = torch.randn(4, 8, 16)
y = ln(x)
print("not reached")
