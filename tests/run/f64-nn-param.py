import torch
import torch.nn as nn
torch.manual_seed(2)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 2, dtype=torch.float64))
        self.register_buffer("mask", torch.ones(3))
    def forward(self, x):
        return x @ self.w
m = M()
print(m.w)
x = torch.randn(4, 3, dtype=torch.float64)
print(m(x).tolist())
m.float()
print(m.w.dtype, m.mask.dtype)
m.double()
print(m.w.dtype, m.mask.dtype, m.w)
print([n for n, p in m.named_parameters()])
