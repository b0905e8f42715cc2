import torch
import torch.nn as nn
import torch.nn.functional as F
lin = nn.Linear(3, 2, dtype=torch.float64)
print(lin)
lin(torch.ones(4, 5, dtype=torch.float64))
