import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(708)
lin = nn.Linear(16, 5, dtype=torch.float64)
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = torch.randn(2, 1, 16, dtype=torch.float64)
print((lin(x)).tolist())
x = torch.randn(2, 2, 1, 16, dtype=torch.float64)
print((lin(x)).tolist())
x = torch.randn(3, 2, 16, dtype=torch.float64)
print((lin(x)).tolist())
x = torch.randn(5, 16, dtype=torch.float64)
w2 = torch.randn(5, 16, dtype=torch.float64)
b2 = torch.rand(5).double() * 4 - 2
print(F.linear(x, w2))
print((F.linear(x, w2)).tolist())
x = torch.randn(6, dtype=torch.float64)
print(nn.Dropout(0.3333)(torch.ones(6, dtype=torch.float64)))
print((nn.Dropout(0.3333)(torch.ones(6, dtype=torch.float64))).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print((F.dropout(x, p=0.0, training=True)).tolist())
lin = nn.Linear(6, 8)
w = lin.weight
lin.double()
print(w.dtype, w.requires_grad, w.tolist() == lin.weight.tolist())
print(lin)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(2, 2, 3, 6) * 10).to(torch.float64)
print((lin(x)).tolist())
x = torch.rand(2, 3, 6).double() * 4 - 2
x = torch.rand(3, 2, 6).double() * 4 - 2
print(lin(x.transpose(0, 1)))
print((lin(x.transpose(0, 1))).tolist())
x = (torch.randn(2, 2, 6) * 10).to(torch.float64)
x = torch.rand(2, 2, 6).double() * 4 - 2
print((lin(x.transpose(0, 1))).tolist())
x = torch.rand(6).double() * 4 - 2
w2 = torch.rand(8, 6).double() * 4 - 2
b2 = torch.randn(8, dtype=torch.float64)
print((F.linear(x, w2, None)).tolist())
