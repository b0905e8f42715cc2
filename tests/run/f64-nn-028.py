import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(265)
lin = nn.Linear(16, 4, bias=False, dtype=torch.float64)
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = torch.rand(2, 2, 16).double() * 4 - 2
print((lin(x)).tolist())
x = (torch.randn(16) * 10).to(torch.float64)
w2 = torch.rand(4, 16).double() * 4 - 2
b2 = torch.rand(4).double() * 4 - 2
print((F.linear(x, w2)).tolist())
lin = nn.Sequential(nn.Linear(1, 2, bias=False), nn.Dropout(0.0)).double()
print(lin)
print(lin[0].weight)
print([p.dtype for p in lin.parameters()])
x = torch.randn(1, dtype=torch.float64)
print((lin(x)).tolist())
x = torch.randn(1, 1, dtype=torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = torch.rand(2, 2, 8, 1).double() * 4 - 2
print((lin(x)).tolist())
x = torch.randn(2, 1, dtype=torch.float64)
w2 = torch.rand(2, 1).double() * 4 - 2
b2 = torch.randn(2, dtype=torch.float64)
print(F.linear(x, w2))
print((F.linear(x, w2)).tolist())
lin = nn.Linear(1, 2, dtype=torch.float64)
print(lin)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(1) * 10).to(torch.float64)
print((lin(x)).tolist())
x = torch.rand(8, 2, 1).double() * 4 - 2
w2 = torch.randn(2, 1, dtype=torch.float64)
b2 = (torch.randn(2) * 10).to(torch.float64)
print(F.linear(x, w2, None))
print((F.linear(x, w2, None)).tolist())
