import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(286)
lin = nn.Linear(8, 2, bias=False, dtype=torch.float64)
print(lin)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(8) * 10).to(torch.float64)
print((lin(x)).tolist())
x = (torch.randn(2, 2, 5, 8) * 10).to(torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = torch.rand(8).double() * 4 - 2
w2 = (torch.randn(2, 8) * 10).to(torch.float64)
b2 = torch.rand(2).double() * 4 - 2
print((F.linear(x, w2, b2)).tolist())
lin = nn.Sequential(nn.Linear(33, 4), nn.Dropout(0.0)).double()
print(lin)
print(lin[0].weight)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(33) * 10).to(torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = (torch.randn(5, 33) * 10).to(torch.float64)
w2 = torch.rand(4, 33).double() * 4 - 2
b2 = torch.rand(4).double() * 4 - 2
print(F.linear(x, w2, bias=b2))
print((F.linear(x, w2, bias=b2)).tolist())
x = torch.rand(17).double() * 4 - 2
print(F.dropout(x, p=1.0, training=True))
print((F.dropout(x, p=1.0, training=True)).tolist())
print(F.dropout(x.float(), 1.0))
print((F.dropout(x.float(), 1.0)).tolist())
