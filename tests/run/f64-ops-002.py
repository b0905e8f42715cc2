import torch
import torch.nn.functional as F
torch.manual_seed(318)
a = (torch.arange(2, dtype=torch.float64).reshape(2) - 1) / 7
b = (torch.arange(2, dtype=torch.float64).reshape(2) - 1) / 7
b32 = torch.randn(2)
bi = torch.arange(2).reshape(2) - 3
z64 = torch.tensor(1.3398071285762505, dtype=torch.float64)
z32 = torch.tensor(-0.5592138313027828)
print(torch.softmax(a, -1))
print((torch.softmax(a, -1)).tolist())
print((a.softmax(dim=-1)).tolist())
p = (torch.arange(561, dtype=torch.float64).reshape(33, 17) - 280) / 7
q = torch.rand(17, 17, dtype=torch.float64) * 1e6
print(p @ q[:, 0])
print((p @ q[:, 0]).tolist())
print((F.softmax(a * 5, dim=-1)).tolist())
print(a * b)
print((a * b).tolist())
print(a.sum())
print((a.sum()).tolist())
a = (torch.randn(2) * 3).to(torch.float64)
b = torch.rand(2, dtype=torch.float64) + 1
b32 = torch.randn(2)
bi = torch.arange(2).reshape(2) - 3
z64 = torch.tensor(-1.3502011893153234, dtype=torch.float64)
z32 = torch.tensor(-1.6385930542403473)
print((a ** 2).tolist())
print(a ** 3)
print((a ** 3).tolist())
c = a.clone()
c /= 3
print((c).tolist())
print((torch.where(a > b, a, b)).tolist())
print((a == z32).tolist())
print((a + b).tolist())
