import torch
import torch.nn.functional as F
torch.manual_seed(257)
a = (torch.randn(5) * 3).to(torch.float64)
b = (torch.randn(5) + 1).double()
b32 = torch.randn(5)
bi = torch.arange(5).reshape(5) - 3
z64 = torch.tensor(-0.46351223078921144, dtype=torch.float64)
z32 = torch.tensor(-1.8732319891545062)
print((torch.where(a > 0, a, 0.3)).tolist())
print((a.float().mean(dtype=torch.float64)).tolist())
print((a.softmax(dim=0)).tolist())
c = a.clone()
c /= b32
print(c)
print((c).tolist())
p = (torch.arange(7, dtype=torch.float64).reshape(7, 1) - 3) / 7
q = torch.rand(1, 7, dtype=torch.float64) * 10
print(p.mm(q))
print((p.mm(q)).tolist())
print(a // b32)
print((a // b32).tolist())
a = torch.rand(16, 17, dtype=torch.float64)
b = (torch.randn(16, 17) * 10).double()
b32 = torch.randn(16, 17)
bi = torch.arange(272).reshape(16, 17) - 3
z64 = torch.tensor(1.124903772128369, dtype=torch.float64)
z32 = torch.tensor(-1.8765411851348903)
print((a.min(1).values).tolist())
print((torch.sum(a.float(), dtype=torch.float64)).tolist())
print(a.var((0, 1), keepdim=True))
print((a.var((0, 1), keepdim=True)).tolist())
print(a.min())
print((a.min()).tolist())
