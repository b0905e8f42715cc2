import torch
import torch.nn.functional as F
torch.manual_seed(502)
a = torch.rand(8, dtype=torch.float64) * 10
b = (torch.randn(8) * 3).to(torch.float64)
b32 = torch.randn(8)
bi = torch.arange(8).reshape(8) - 3
z64 = torch.tensor(-0.12089564250577745, dtype=torch.float64)
z32 = torch.tensor(-1.6425390620917109)
c = a.clone()
c *= b32
print((c).tolist())
print(a.std(-1))
print((a.std(-1)).tolist())
print(-a)
print((-a).tolist())
print(a / z32)
print((a / z32).tolist())
print(a.min(0).values)
print((a.min(0).values).tolist())
print(a.var(-1))
print((a.var(-1)).tolist())
a = (torch.arange(35, dtype=torch.float64).reshape(7, 5) - 17) / 7
b = (torch.randn(7, 5) * 1e6).double()
b32 = torch.randn(7, 5)
bi = torch.arange(35).reshape(7, 5) - 3
z64 = torch.tensor(-2.207954406601094, dtype=torch.float64)
z32 = torch.tensor(-1.0422566992803206)
print(a.softmax(dim=-2))
print((a.softmax(dim=-2)).tolist())
print((F.softmax(a * 5, dim=1)).tolist())
print(a.abs().sqrt())
print((a.abs().sqrt()).tolist())
print(a.softmax(dim=0))
print((a.softmax(dim=0)).tolist())
print((a.min()).tolist())
