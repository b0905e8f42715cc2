import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
w1 = torch.randn(3, 1)
vals = [f"{z:.4f}" for z in w1.flatten().tolist()]
print(", ".join(vals))
w2 = torch.rand(3, 3)
print(f"sum={w2.sum():.4f} max={w2.max():.2f}")
torch.manual_seed(950)
u1 = torch.rand(3)
u2 = torch.rand(3)
torch.manual_seed(950)
v1 = torch.rand(3)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
w3 = torch.tensor([[0.62, 0.83, 1.00], [-0.59, 0.13, -0.21]])
print(f"{w3[0, 0]:10.5f} {w3[0]} {w3.shape} {w3.dtype}")
