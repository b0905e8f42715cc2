import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(641)
lin = nn.Linear(33, 1, bias=False)
w = lin.weight
lin.double()
print(w.dtype, w.requires_grad, w.tolist() == lin.weight.tolist())
print(lin)
print([p.dtype for p in lin.parameters()])
x = torch.rand(2, 2, 5, 33).double() * 4 - 2
print(lin(x))
print((lin(x)).tolist())
x = (torch.randn(2, 5, 33) * 10).to(torch.float64)
x = torch.rand(5, 2, 33).double() * 4 - 2
print(lin(x.transpose(0, 1)))
print((lin(x.transpose(0, 1))).tolist())
x = torch.rand(33).double() * 4 - 2
print(lin(x))
print((lin(x)).tolist())
x = torch.randn(8, 33, dtype=torch.float64)
w2 = (torch.randn(1, 33) * 10).to(torch.float64)
b2 = torch.rand(1).double() * 4 - 2
print(F.linear(x, w2, None))
print((F.linear(x, w2, None)).tolist())
lin = nn.Sequential(nn.Linear(17, 16), nn.Dropout(0.0)).double()
print(lin)
print(lin[0].weight)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(2, 2, 2, 17) * 10).to(torch.float64)
print((lin(x)).tolist())
x = torch.randn(2, 2, 2, 17, dtype=torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = (torch.randn(2, 2, 17) * 10).to(torch.float64)
x = torch.randn(2, 2, 17, dtype=torch.float64)
print(lin(x.transpose(0, 1)))
print((lin(x.transpose(0, 1))).tolist())
x = torch.randn(17, dtype=torch.float64)
w2 = torch.rand(16, 17).double() * 4 - 2
b2 = (torch.randn(16) * 10).to(torch.float64)
print((F.linear(x, w2)).tolist())
