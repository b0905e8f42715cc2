import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = 3
        self.register_buffer("w", torch.ones(2))

M()
