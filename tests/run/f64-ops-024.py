import torch
import torch.nn.functional as F
torch.manual_seed(850)
a = (torch.randn(8, 7) * 3).to(torch.float64)
b = (torch.arange(56, dtype=torch.float64).reshape(8, 7) - 28) / 7
b32 = torch.randn(8, 7)
bi = torch.arange(56).reshape(8, 7) - 3
z64 = torch.tensor(-0.6071376558160173, dtype=torch.float64)
z32 = torch.tensor(-2.065577471223103)
print((a.sum()).tolist())
print((a.softmax(dim=1)).tolist())
c = a.clone()
c -= 0.25
print((c).tolist())
print(((a.abs() + 0.5) ** -0.5).tolist())
print((2 / a).tolist())
c = a.clone()
c /= b32
print((c).tolist())
a = torch.rand(5, 5, 3, dtype=torch.float64) * 10
b = (torch.randn(5, 5, 3) * 3).to(torch.float64)
b32 = torch.randn(5, 5, 3)
bi = torch.arange(75).reshape(5, 5, 3) - 3
z64 = torch.tensor(-1.7739767026344324, dtype=torch.float64)
z32 = torch.tensor(-2.49251862709961)
print(a.masked_fill(a > 0, float('-inf')))
print((a.masked_fill(a > 0, float('-inf'))).tolist())
print((a.sum((0, 2), keepdim=True)).tolist())
c = a.clone()
c -= b
print(c)
print((c).tolist())
print((a ** -2).tolist())
print(F.softmax(a * 5, dim=-2))
print((F.softmax(a * 5, dim=-2)).tolist())
p = torch.randn(1, 15, dtype=torch.float64) * 1e-3
q = (torch.randn(15, 40) * 3).to(torch.float64)
print(p @ q[:, 0])
print((p @ q[:, 0]).tolist())
