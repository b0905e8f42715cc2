import torch
import torch.nn.functional as F
torch.manual_seed(600)
a = (torch.randn(33, 7, 2) * 1e-3).double()
b = (torch.randn(33, 7, 2)).double()
b32 = torch.randn(33, 7, 2)
bi = torch.arange(462).reshape(33, 7, 2) - 3
z64 = torch.tensor(2.367826906331146, dtype=torch.float64)
z32 = torch.tensor(2.2640941107671573)
p = (torch.randn(5, 5)).double()
q = (torch.arange(160, dtype=torch.float64).reshape(5, 32) - 80) / 7
print((q.t() @ p.t()).t())
print(((q.t() @ p.t()).t()).tolist())
print((torch.softmax(a, 2)).tolist())
p = (torch.randn(1, 33) + 1).double()
q = (torch.arange(33, dtype=torch.float64).reshape(33, 1) - 16) / 7
print((torch.stack([p, p + 1]) @ q).tolist())
a = (torch.randn(17, 5, 33) * 3).to(torch.float64)
b = torch.randn(17, 5, 33, dtype=torch.float64) * 1e-3
b32 = torch.randn(17, 5, 33)
bi = torch.arange(2805).reshape(17, 5, 33) - 3
z64 = torch.tensor(2.888224936261798, dtype=torch.float64)
z32 = torch.tensor(-0.32712968057703584)
print((a.mean(1)).tolist())
print((torch.pow(a, 2)).tolist())
c = a.clone()
c += b32
print(c)
print((c).tolist())
print((a >= b32).tolist())
p = torch.randn(5, 5, dtype=torch.float64) * 10
q = (torch.randn(5, 17) * 3).to(torch.float64)
print(((q.t() @ p.t()).t()).tolist())
print(a - b32)
print((a - b32).tolist())
