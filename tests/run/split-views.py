# split, chunk and unbind: tuples of views, as ATen cuts them
import torch
torch.manual_seed(0)
x = torch.arange(10.)
print(x.split(3), x.chunk(3), x.split([2, 8]))
w = torch.randn(2, 4, 6, requires_grad=True)
q, k, v = w.split(2, dim=2)
print(q, k.shape, v.stride(), v.is_contiguous())
print(torch.split(w, [1, 5], dim=-1)[1].shape)
print(torch.chunk(w, 4, 1))
print(w.unbind(1)[0], torch.unbind(w)[1].shape)
print(torch.empty(0).chunk(3), torch.empty(2, 0).unbind(1))
a, b = x.view(2, 5).unbind()
a[0] = 100.
print(x)
