import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mask", 5)

M()
