# relu and gelu edges: -0.0, NaN, inf, integers, one element, rows with a tail, views
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(3)
s = torch.tensor([-0.0, 0.0, float('nan'), float('inf'), -float('inf'), -1.5, 2.5, 1e-40, -1e-40, 6.0, -6.0, -10.0, 10.0])
print(torch.relu(s), F.relu(s), s.relu(), nn.ReLU()(s))
print(F.gelu(s), F.gelu(s, approximate='tanh'))
print(torch.relu(torch.tensor([3, -2, 0])), torch.relu(torch.tensor([-7])).dtype)
one = torch.tensor([-0.75])
print(F.gelu(one), F.gelu(one[0]), nn.GELU()(torch.tensor(1.25)), nn.GELU('tanh')(one))
for n in [1, 2, 15, 16, 17, 31, 33, 40]:
    x = torch.randn(n) * 3
    print(n, F.gelu(x), F.gelu(x, approximate='tanh'))
m = torch.randn(3, 20) * 2
print(F.gelu(m.T, approximate='tanh'), F.gelu(m[:, :7]), F.gelu(m[:, ::4]), F.gelu(m[1:2, 3:]))
print(nn.GELU()(m).sum(), nn.GELU(approximate='tanh')(m).sum())
w = torch.randn(2, 3, requires_grad=True)
print(F.relu(w), F.gelu(w), torch.relu(w * 1).relu_())
c = m.clone()
c.relu_()
print(c.min(), torch.relu_(m.clone()).sum(), F.relu(m.clone(), inplace=True).sum())
r = nn.ReLU(inplace=True)
t = m.clone()
print(r, r(t) is t, t.min())
print(nn.GELU(), nn.GELU('tanh'), nn.ReLU(), nn.ReLU(True), nn.GELU().approximate, nn.ReLU().inplace)
