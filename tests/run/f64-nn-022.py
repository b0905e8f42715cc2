import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(479)
x = torch.rand(17).double() * 4 - 2
print(nn.Dropout(1.0)(x))
print((nn.Dropout(1.0)(x)).tolist())
lin = nn.Linear(3, 5, dtype=torch.float64)
print(lin)
print([p.dtype for p in lin.parameters()])
x = (torch.randn(2, 2, 5, 3) * 10).to(torch.float64)
print((lin(x)).tolist())
x = torch.rand(3, 2, 3).double() * 4 - 2
print(lin(x))
print((lin(x)).tolist())
x = (torch.randn(1, 2, 3) * 10).to(torch.float64)
w2 = (torch.randn(5, 3) * 10).to(torch.float64)
b2 = torch.randn(5, dtype=torch.float64)
print((F.linear(x, w2, b2)).tolist())
lin = nn.Linear(1, 5).double()
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = torch.randn(1, dtype=torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = torch.rand(2, 1, 1).double() * 4 - 2
w2 = torch.rand(5, 1).double() * 4 - 2
b2 = torch.rand(5).double() * 4 - 2
print((F.linear(x, w2, None)).tolist())
