import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, 2, dtype=torch.float64)
print(F.dropout(x, 0.0))
F.dropout(x, 1.5)
