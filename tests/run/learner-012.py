import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
t1 = torch.randn(3, 3)
u2 = torch.arange(1)
print([t1[0], t1.sum()])
a = torch.rand(1, 1)
b = torch.tensor([[0.54, 0.25, 0.93]])
c = torch.tensor([[0.27, 0.85], [-0.71, -0.40], [0.06, 0.05]])
print(a @ b @ c @ c.T)
