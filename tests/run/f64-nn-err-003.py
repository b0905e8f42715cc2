import torch
import torch.nn as nn
import torch.nn.functional as F
lin = nn.Linear(3, 2, dtype=torch.float64)
x = torch.ones(2, 2, 4, 3)
lin(x)
