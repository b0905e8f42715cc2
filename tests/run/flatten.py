# x.flatten(start_dim=0, end_dim=-1) and torch.flatten: reshape's view or copy
# (its grad_fn), x itself when start and end are one dim, a 0-dim x as (1),
# PyTorch's errors
import torch
torch.manual_seed(4)
x = torch.rand(2, 3, 2)
w = torch.rand(2, 3, requires_grad=True)
print(x.flatten(), x.flatten(1).shape, x.flatten(0, 1).shape, x.flatten(-2, -1).shape)
print(torch.flatten(x, start_dim=1).shape, x.flatten(1, 1).shape, x.flatten(end_dim=0).shape)
print(w.flatten(), w.t().flatten(), (w * 1).flatten(-2, -1))
print(torch.tensor(3.).flatten(), torch.tensor(2).flatten(0, -1))
v = x.transpose(0, 2).flatten(1)
print(v, v.is_contiguous(), x.flatten().tolist()[:3])
print([round(f, 2) for f in x[0].flatten().tolist()])
print(x.flatten(2, 1))
