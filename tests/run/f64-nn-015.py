import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(887)
lin = nn.Linear(3, 3)
w = lin.weight
lin.double()
print(w.dtype, w.requires_grad, w.tolist() == lin.weight.tolist())
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = torch.rand(3).double() * 4 - 2
print((lin(x)).tolist())
x = torch.rand(2, 1, 3).double() * 4 - 2
print((lin(x)).tolist())
x = torch.randn(5, 2, 3, dtype=torch.float64)
w2 = torch.rand(3, 3).double() * 4 - 2
b2 = torch.rand(3).double() * 4 - 2
print((F.linear(x, w2, None)).tolist())
lin = nn.Linear(8, 3, bias=False, dtype=torch.float64)
print(lin)
print([p.dtype for p in lin.parameters()])
x = torch.rand(2, 8, 8).double() * 4 - 2
x = (torch.randn(8, 2, 8) * 10).to(torch.float64)
print((lin(x.transpose(0, 1))).tolist())
x = torch.randn(2, 3, 8, dtype=torch.float64)
x = (torch.randn(3, 2, 8) * 10).to(torch.float64)
print(lin(x.transpose(0, 1)))
print((lin(x.transpose(0, 1))).tolist())
x = (torch.randn(8) * 10).to(torch.float64)
print((lin(x)).tolist())
x = (torch.randn(3, 2, 8) * 10).to(torch.float64)
w2 = (torch.randn(3, 8) * 10).to(torch.float64)
b2 = torch.rand(3).double() * 4 - 2
print(F.linear(x, w2, b2))
print((F.linear(x, w2, b2)).tolist())
x = (torch.randn(2, 3, 4) * 10).to(torch.float64)
print(nn.Dropout(0.0)(torch.ones(2, 3, 4, dtype=torch.float64)))
print((nn.Dropout(0.0)(torch.ones(2, 3, 4, dtype=torch.float64))).tolist())
lin = nn.Linear(8, 3).double()
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(2, 5, 8) * 10).to(torch.float64)
x = torch.randn(5, 2, 8, dtype=torch.float64)
print((lin(x.transpose(0, 1))).tolist())
x = torch.rand(2, 2, 8).double() * 4 - 2
w2 = torch.randn(3, 8, dtype=torch.float64)
b2 = torch.rand(3).double() * 4 - 2
print((F.linear(x, w2, bias=b2)).tolist())
