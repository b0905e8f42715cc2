# type(x).__name__ and a function's or class's __name__
import torch
import torch.nn as nn
class A(nn.Module):
    pass
for v in [torch.ones(1), 1, 1.5, "s", [1], (1,), A(), nn.Linear(1, 1), nn.Parameter(torch.ones(1)), {}, True, range(2), torch.Size([1]), nn.Dropout(0.1), nn.ModuleList()]:
    print(type(v).__name__)
def f(): pass
print(f.__name__, A.__name__, torch.ones(1).__class__.__name__ if False else 0)
