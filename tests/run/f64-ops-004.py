import torch
import torch.nn.functional as F
torch.manual_seed(968)
a = (torch.randn(4) * 3).to(torch.float64)
b = torch.rand(4, dtype=torch.float64) * 1e-3
b32 = torch.randn(4)
bi = torch.arange(4).reshape(4) - 3
z64 = torch.tensor(2.6376374212290923, dtype=torch.float64)
z32 = torch.tensor(-2.9700863896852967)
c = a.clone()
c -= b32
print(c)
print((c).tolist())
print(a + b32)
print((a + b32).tolist())
print((a.max(0).values).tolist())
a = (torch.arange(128, dtype=torch.float64).reshape(8, 16, 1) - 64) / 7
b = torch.rand(8, 16, 1, dtype=torch.float64)
b32 = torch.randn(8, 16, 1)
bi = torch.arange(128).reshape(8, 16, 1) - 3
z64 = torch.tensor(0.4047898446868059, dtype=torch.float64)
z32 = torch.tensor(0.08762386998172156)
c = a.clone()
c *= b
print(c)
print((c).tolist())
print(a < -3.5)
print((a < -3.5).tolist())
print((a.transpose(0, -1).std(2)).tolist())
print((a.masked_fill(a < 0.5, 0.1)).tolist())
print((F.softmax(a * 5, dim=-2)).tolist())
