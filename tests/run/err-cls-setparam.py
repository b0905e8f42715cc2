import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.W = nn.Parameter(torch.zeros(2, 2))

m = M()
print(m.W)
m.W = None
print(m.W)
m.W = torch.ones(2)
