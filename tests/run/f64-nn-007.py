import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(185)
lin = nn.Linear(1, 8, bias=False, dtype=torch.float64)
print(lin)
print([p.dtype for p in lin.parameters()])
x = torch.rand(2, 2, 1).double() * 4 - 2
x = torch.rand(2, 2, 1).double() * 4 - 2
print((lin(x.transpose(0, 1))).tolist())
x = torch.rand(5, 2, 1).double() * 4 - 2
print(lin(x))
print((lin(x)).tolist())
x = (torch.randn(1, 1) * 10).to(torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = torch.randn(2, 2, 5, 1, dtype=torch.float64)
w2 = (torch.randn(8, 1) * 10).to(torch.float64)
b2 = torch.randn(8, dtype=torch.float64)
print(F.linear(x, w2))
print((F.linear(x, w2)).tolist())
lin = nn.Sequential(nn.Linear(1, 2), nn.Dropout(0.0)).double()
print(lin)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(2, 1, 1) * 10).to(torch.float64)
x = torch.randn(1, 2, 1, dtype=torch.float64)
print((lin(x.transpose(0, 1))).tolist())
x = torch.randn(3, 2, 1, dtype=torch.float64)
w2 = (torch.randn(2, 1) * 10).to(torch.float64)
b2 = torch.rand(2).double() * 4 - 2
print(F.linear(x, w2, bias=b2))
print((F.linear(x, w2, bias=b2)).tolist())
