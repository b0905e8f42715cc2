import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(298)
lin = nn.Linear(4, 8, dtype=torch.float64)
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = torch.rand(8, 2, 4).double() * 4 - 2
print((lin(x)).tolist())
x = torch.randn(4, dtype=torch.float64)
print((lin(x)).tolist())
x = torch.rand(3, 2, 4).double() * 4 - 2
print(lin(x))
print((lin(x)).tolist())
x = torch.rand(2, 2, 4).double() * 4 - 2
w2 = (torch.randn(8, 4) * 10).to(torch.float64)
b2 = (torch.randn(8) * 10).to(torch.float64)
print(F.linear(x, w2))
print((F.linear(x, w2)).tolist())
x1 = torch.randn(4, dtype=torch.float64)
print((F.linear(x1, w2, b2.float())).tolist())
print(F.linear(x1.float(), w2.float(), b2))
print((F.linear(x1.float(), w2.float(), b2)).tolist())
x = torch.rand(5, 33).double() * 4 - 2
print(nn.Dropout(0.3333)(torch.ones(5, 33, dtype=torch.float64)))
print((nn.Dropout(0.3333)(torch.ones(5, 33, dtype=torch.float64))).tolist())
lin = nn.Linear(3, 4)
w = lin.weight
lin.double()
print(w.dtype, w.requires_grad, w.tolist() == lin.weight.tolist())
print(lin)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(1, 3) * 10).to(torch.float64)
print((lin(x)).tolist())
x = torch.rand(2, 2, 8, 3).double() * 4 - 2
w2 = torch.rand(4, 3).double() * 4 - 2
b2 = torch.randn(4, dtype=torch.float64)
print((F.linear(x, w2, bias=b2)).tolist())
x = torch.randn(6, dtype=torch.float64)
print((F.dropout(x, p=0.3333, training=True)).tolist())
