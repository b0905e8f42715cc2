import torch
import torch.nn.functional as F
torch.manual_seed(791)
a = (torch.arange(34, dtype=torch.float64).reshape(2, 17) - 17) / 7
b = (torch.randn(2, 17) + 1).double()
b32 = torch.randn(2, 17)
bi = torch.arange(34).reshape(2, 17) - 3
z64 = torch.tensor(0.9353497515995124, dtype=torch.float64)
z32 = torch.tensor(1.8283191116183808)
p = torch.randn(31, 32, dtype=torch.float64) * 1e-3
q = (torch.randn(32, 2)).double()
print(p @ p.t())
print((p @ p.t()).tolist())
print(a.transpose(0, -1).sum(1))
print((a.transpose(0, -1).sum(1)).tolist())
print((a.softmax(dim=-2)).tolist())
print((a.min()).tolist())
p = torch.randn(15, 17, dtype=torch.float64) + 1
q = torch.randn(17, 33, dtype=torch.float64) * 10
print((torch.matmul(p, q)).tolist())
a = torch.rand(7, 16, 33, dtype=torch.float64) * 10
b = (torch.arange(3696, dtype=torch.float64).reshape(7, 16, 33) - 1848) / 7
b32 = torch.randn(7, 16, 33)
bi = torch.arange(3696).reshape(7, 16, 33) - 3
z64 = torch.tensor(-1.955156729292287, dtype=torch.float64)
z32 = torch.tensor(-1.7774300268257093)
print((a.mean()).tolist())
c = a.clone()
c += b32
print(c)
print((c).tolist())
c = a.clone()
c /= 0.25
print((c).tolist())
a = (torch.arange(1, dtype=torch.float64).reshape(1) - 0) / 7
b = torch.randn(1, dtype=torch.float64) * 10
b32 = torch.randn(1)
bi = torch.arange(1).reshape(1) - 3
z64 = torch.tensor(1.327927750183088, dtype=torch.float64)
z32 = torch.tensor(-0.040601747851234826)
print((torch.softmax(a, -1)).tolist())
print(torch.softmax(a, -1))
print((torch.softmax(a, -1)).tolist())
print((a.sum()).tolist())
