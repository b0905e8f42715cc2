import torch
import torch.nn as nn
import torch.nn.functional as F
lin = nn.Linear(3, 2)
x = torch.ones(4, 3, dtype=torch.float64)
lin(x)
