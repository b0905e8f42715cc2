import torch
import torch.nn as nn
from torch.nn import functional as F
torch.manual_seed(3)
print("before")
print(torch.multinomial(torch.tensor([-1.0, 2.0]), 2, True))
