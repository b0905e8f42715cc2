import torch
import torch.nn as nn

class Head(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.key = nn.Linear(n, n, bias=False)

h = Head(3)
print(h)
h(torch.ones(3))
