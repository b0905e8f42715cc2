# nn.LayerNorm / F.layer_norm edges: eps, not affine, two normalized dims, weight or bias only, long rows
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(7)
x = torch.randn(2, 3, 5) * 10 + 3
for eps in [1e-5, 1e-3, 0.5, 1, 0]:
    ln = nn.LayerNorm(5, eps=eps)
    print(ln, ln(x)[0, 0])
plain = nn.LayerNorm(5, elementwise_affine=False)
print(plain, plain.weight, plain.bias, list(plain.parameters()), plain(x)[1])
two = nn.LayerNorm((3, 5))
print(two, two.weight.shape, sum(p.numel() for p in two.parameters()))
print(two(x))
print(nn.LayerNorm([3, 5], elementwise_affine=False)(x).sum(), nn.LayerNorm(torch.Size([5]))(x).mean(-1))
w, b = torch.randn(5), torch.randn(5)
print(F.layer_norm(x, (5,), w), F.layer_norm(x, [5], None, b), F.layer_norm(x, (5,), w, b, 1e-2))
print(torch.layer_norm(x, [3, 5]))
long = torch.randn(3, 300) * 2
print(F.layer_norm(long, (300,)).sum(-1), nn.LayerNorm(300)(long)[:, :6], nn.LayerNorm(300)(long)[:, -5:])
ln = nn.LayerNorm(5)
ln.eps = 0.25
print(ln, ln(x[0]))
for name, p in ln.named_parameters():
    print(name, p)
print(ln(x).requires_grad, F.layer_norm(x, (5,)).requires_grad)
with torch.no_grad():
    print(ln(x[0, :1]))
print(nn.LayerNorm(4)(torch.ones(2, 4)), nn.LayerNorm(1)(torch.randn(3, 1)), F.layer_norm(torch.randn(2, 0), (0,)))
