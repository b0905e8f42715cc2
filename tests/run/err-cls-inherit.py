import torch
import torch.nn as nn

class M(nn.Module):
    def forward(self, x):
        return x

class N(M):
    def __init__(self, k):
        super().__init__()
        self.k = k
    def forward(self, x):
        return super().forward(x) * self.k

print(N(3)(torch.ones(2)), N(2).k)
print(N(2).forward(torch.ones(1)))
N(2).nope
