import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(73)
lin = nn.Linear(1, 2).double()
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(3, 1) * 10).to(torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = torch.randn(8, 2, 1, dtype=torch.float64)
x = torch.randn(2, 8, 1, dtype=torch.float64)
print((lin(x.transpose(0, 1))).tolist())
x = (torch.randn(1, 2, 1) * 10).to(torch.float64)
print((lin(x)).tolist())
x = torch.rand(2, 2, 1).double() * 4 - 2
w2 = torch.rand(2, 1).double() * 4 - 2
b2 = torch.randn(2, dtype=torch.float64)
print(F.linear(x, w2))
print((F.linear(x, w2)).tolist())
x = torch.rand(5, 33).double() * 4 - 2
print(nn.Dropout(0.25)(torch.ones(5, 33, dtype=torch.float64)))
print((nn.Dropout(0.25)(torch.ones(5, 33, dtype=torch.float64))).tolist())
