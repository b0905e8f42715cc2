# with torch.no_grad(): results inside take no grad_fn and do not require
# grad, in a function or module called from the body too; leaves stay
# leaves; a leaf may be written in place; the mode comes back after the body
# (and after an error in it, at the REPL) and nests.
import torch
import torch.nn as nn
torch.manual_seed(1)
a = torch.rand(2, 2)
lin = nn.Linear(2, 3)
w = nn.Parameter(torch.rand(2, 2))
def f(x):
    k = lin(x)
    return k @ k.T
with torch.no_grad():
    print(lin(a))
    print(a @ w, w.T)
    y = f(a)
    print(y, y.requires_grad, w.requires_grad, lin.weight.requires_grad)
    w.mul_(2.0)
    v = w[0]
    print(v, v.requires_grad)
    with torch.no_grad():
        z = w * 2
    print(z.requires_grad, (w + 1).softmax(dim=-1))
print(w, y @ y.T)
print(f(a), (w * 2).requires_grad)
q = lin(a)
with torch.no_grad():
    q.masked_fill_(q > 0, 0.0)
print(q)
