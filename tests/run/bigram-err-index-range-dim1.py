import torch
import torch.nn as nn
from torch.nn import functional as F
torch.manual_seed(3)
print("before")
x = torch.arange(12.).view(3, 4)
print(x[[0, 1], [1, -5]])
