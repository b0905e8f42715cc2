import torch
import torch.nn.functional as F
torch.manual_seed(857)
a = (torch.randn(2, 8)).double()
b = (torch.arange(16, dtype=torch.float64).reshape(2, 8) - 8) / 7
b32 = torch.randn(2, 8)
bi = torch.arange(16).reshape(2, 8) - 3
z64 = torch.tensor(-2.974961116986852, dtype=torch.float64)
z32 = torch.tensor(-1.8170515007262127)
p = (torch.arange(527, dtype=torch.float64).reshape(31, 17) - 263) / 7
q = (torch.randn(17, 31) * 1e-3).double()
print(p[0].dot(p[0]))
print((p[0].dot(p[0])).tolist())
print(torch.cat([a, b], dim=0))
print((torch.cat([a, b], dim=0)).tolist())
c = a.clone()
c -= 0.25
print((c).tolist())
a = (torch.arange(1, dtype=torch.float64).reshape(1) - 0) / 7
b = torch.rand(1, dtype=torch.float64) * 10
b32 = torch.randn(1)
bi = torch.arange(1).reshape(1) - 3
z64 = torch.tensor(2.173401443708925, dtype=torch.float64)
z32 = torch.tensor(2.840252367932143)
print((a + 2).tolist())
print((a / b32).tolist())
print(a.argmin(0))
print((a.argmin(0)).tolist())
print(a.max(0).values)
print((a.max(0).values).tolist())
print((torch.pow(a, 2)).tolist())
print(a.masked_fill(a > 0, float('-inf')))
print((a.masked_fill(a > 0, float('-inf'))).tolist())
