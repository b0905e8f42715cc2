import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
torch.manual_seed(1780)
u1 = torch.rand(1)
u2 = torch.rand(1)
torch.manual_seed(1780)
v1 = torch.rand(1)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
t1 = torch.tensor([[-0.16, -0.91, -0.96]])
u2 = torch.arange(2)
print([t1, u2])
w3 = torch.tensor([[0.12, 0.95, -0.98], [-0.01, -0.09, -0.43], [0.44, -0.93, -0.67]])
for i in range(3):
    for j in range(3):
        print(f"{i}{j}: {w3[i, j].item():+.3f}")
