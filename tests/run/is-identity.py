import torch
import torch.nn as nn

class Attn(nn.Module):
    def __init__(self, d, mask=None):
        super().__init__()
        self.W = nn.Linear(d, d, bias=False)
        self.mask = mask

    def forward(self, x, mask=None):
        s = self.W(x) @ x.T
        if mask is not None:
            s = s.masked_fill(mask, -torch.inf)
        if self.mask is None:
            print("no mask of its own")
        return torch.softmax(s, dim=-1)

torch.manual_seed(0)
m = Attn(3)
x = torch.rand(4, 3)
print(m(x))
mask = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
print(m(x, mask))
print(m.W is m.W, m.W.weight is m.W.weight, m is m, x is x, x is x.view(4, 3))
y = x
print(y is x, y is not x, None is None, None is not None, True is True, True is False)
print(x.dtype is torch.float32, x.dtype is torch.float64, x.dtype is not torch.float32)
a = 5
b = 5
c = 1000
d = c
print(a is b, c is d, (a, b) is (a, b))
l = [1]
print(l is l, l is [1], l is not l)
print(m.mask is None, m.W.bias is None, not m is None)
for p in m.parameters():
    print(p is m.W.weight)
