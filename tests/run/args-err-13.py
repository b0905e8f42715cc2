# a call that does not bind, as Python says
import torch
class M(torch.nn.Module):
    def forward(self, x, **kw):
        return kw['k']
print(M()(1, k=5))
M()(1, x=2)
