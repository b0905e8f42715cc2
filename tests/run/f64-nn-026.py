import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(620)
x = torch.randn(17, dtype=torch.float64)
print((F.dropout(x, p=0.1, training=True)).tolist())
x = torch.randn(6, 6, dtype=torch.float64)
print((nn.Dropout(1.0)(x)).tolist())
x = (torch.randn(2, 3, 4) * 10).to(torch.float64)
print((nn.Dropout(0.25)(x)).tolist())
