import torch.nn as nn

class A(nn.Module):
    pass

A(*3)
