import torch
import torch.nn as nn
import torch.nn.functional as F
w = torch.ones(2, 3, dtype=torch.float64)
print(F.linear(torch.ones(3, dtype=torch.float64), w, torch.ones(2)))
F.linear(torch.ones(4, 3), w, torch.ones(2))
