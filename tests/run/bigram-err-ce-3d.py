import torch
import torch.nn as nn
from torch.nn import functional as F
torch.manual_seed(3)
print("before")
logits = torch.randn(4, 8, 65)
print(F.cross_entropy(logits, torch.randint(65, (4, 8))))
