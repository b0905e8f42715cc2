import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
a = torch.rand(1, 2)
b = torch.rand(2, 2)
c = torch.rand(2, 3)
print(c.T @ b.T @ a.T)
W = torch.randn(3, 2)
bias = torch.zeros(3)
print(a @ W.T + bias)
t1 = torch.tensor([[-0.17, 0.39, 0.66]])
u2 = torch.arange(2)
print([x * 2 for x in u2])
t3 = torch.tensor([[0.11, 0.10], [0.65, -0.78]])
u4 = torch.arange(2)
print(t3.tolist(), u4.tolist())
