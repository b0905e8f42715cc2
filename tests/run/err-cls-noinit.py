import torch
import torch.nn as nn

class Head(nn.Module):
    def __init__(self, n):
        self.n = n
        print("n set", self.n)
        self.key = nn.Linear(n, n)

h = Head(3)
