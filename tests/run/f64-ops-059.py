import torch
import torch.nn.functional as F
torch.manual_seed(238)
a = torch.rand(8, 4, 1, dtype=torch.float64) * 1e-3
b = (torch.arange(32, dtype=torch.float64).reshape(8, 4, 1) - 16) / 7
b32 = torch.randn(8, 4, 1)
bi = torch.arange(32).reshape(8, 4, 1) - 3
z64 = torch.tensor(0.9477856091504475, dtype=torch.float64)
z32 = torch.tensor(0.5254904524142274)
c = a.clone()
c -= 0.25
print(c)
print((c).tolist())
print((a.min(2).values).tolist())
print((a.max()).tolist())
print((a.triu(1)).tolist())
a = torch.randn(5, 4, 9, dtype=torch.float64)
b = (torch.randn(5, 4, 9) * 10).double()
b32 = torch.randn(5, 4, 9)
bi = torch.arange(180).reshape(5, 4, 9) - 3
z64 = torch.tensor(0.3273654450277217, dtype=torch.float64)
z32 = torch.tensor(2.8523163567978793)
c = a.clone()
c += b32
print((c).tolist())
p = (torch.arange(75, dtype=torch.float64).reshape(15, 5) - 37) / 7
q = (torch.randn(5, 5) * 3).to(torch.float64)
print(torch.stack([p, p + 1]) @ q)
print((torch.stack([p, p + 1]) @ q).tolist())
print(torch.tril(a))
print((torch.tril(a)).tolist())
print(torch.softmax(a.masked_fill(torch.tril(a) == 0, float('-inf')), -1))
print((torch.softmax(a.masked_fill(torch.tril(a) == 0, float('-inf')), -1)).tolist())
a = torch.rand(8, 33, 1, dtype=torch.float64)
b = (torch.randn(8, 33, 1) * 10).double()
b32 = torch.randn(8, 33, 1)
bi = torch.arange(264).reshape(8, 33, 1) - 3
z64 = torch.tensor(-0.15938353057700816, dtype=torch.float64)
z32 = torch.tensor(1.4982362959275806)
p = (torch.arange(3, dtype=torch.float64).reshape(3, 1) - 1) / 7
q = torch.randn(1, 16, dtype=torch.float64) * 1e-3
print(p @ p.t())
print((p @ p.t()).tolist())
print((a.std((0, 2), keepdim=True)).tolist())
print(a.max())
print((a.max()).tolist())
