import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(246)
lin = nn.Linear(4, 16).double()
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(2, 2, 8, 4) * 10).to(torch.float64)
print((lin(x)).tolist())
x = (torch.randn(4) * 10).to(torch.float64)
print((lin(x)).tolist())
x = (torch.randn(5, 4) * 10).to(torch.float64)
w2 = torch.randn(16, 4, dtype=torch.float64)
b2 = (torch.randn(16) * 10).to(torch.float64)
print(F.linear(x, w2, bias=b2))
print((F.linear(x, w2, bias=b2)).tolist())
x = (torch.randn(2, 3, 4) * 10).to(torch.float64)
print((nn.Dropout(0.25)(x)).tolist())
