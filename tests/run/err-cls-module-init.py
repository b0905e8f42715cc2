import torch
import torch.nn as nn

class M(nn.Module):
    pass

print(M())
M(3)
