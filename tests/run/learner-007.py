import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(0)
t1 = torch.rand(2, 1)
u2 = torch.arange(4)
print([t1.shape, u2.size()])
torch.manual_seed(4827)
u1 = torch.rand(3)
u2 = torch.rand(3)
torch.manual_seed(3394)
v1 = torch.rand(3)
print(torch.equal(u1, v1), torch.equal(u2, v1))
print(u1, v1)
print(torch.initial_seed())
lin = nn.Linear(1, 2)
torch.manual_seed(3394)
lin2 = nn.Linear(lin.in_features, lin.out_features)
print(lin2.weight, torch.equal(lin.weight, lin2.weight))
w3 = torch.tensor([[0.07, 0.25], [-0.14, 0.22], [0.84, 0.96]])
vals = [f"{z:g}" for z in w3.flatten().tolist()]
print(", ".join(vals))
a = torch.rand(4, 1)
b = torch.tensor([[-0.16, -0.30, 0.89, 0.34]])
c = torch.tensor([[0.75, 0.44, -0.71, 0.97], [0.50, 0.62, -0.07, 0.50], [0.86, -0.15, 0.37, 0.96], [0.60, -0.77, -0.96, 0.04]])
print((a @ b) @ c - a @ (b @ c))
