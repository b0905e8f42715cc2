# Module.to(dtype), to(tensor), to("cpu"), to(dtype=...): in place, the module returned
import torch
import torch.nn as nn
l = nn.Linear(2, 2)
print(l.double() == l, l.weight.dtype)
print(l.to(torch.float32) == l, l.weight.dtype)
print(l.to("cpu") == l, l.to(dtype=torch.float64).weight.dtype, l.to("cpu", torch.float32).bias.dtype, l.to(torch.ones(1, dtype=torch.float64)).weight.dtype, l.to(device="cpu", dtype=torch.float32).weight.dtype)
class A(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(2, 3)
m = A().to(torch.float64)
print(m.l.weight.dtype, m.l(torch.ones(2, dtype=torch.float64)).dtype)
