import torch
import torch.nn.functional as F
torch.manual_seed(697)
a = (torch.randn(3, 9, 3) * 1e-3).double()
b = torch.randn(3, 9, 3, dtype=torch.float64) * 10
b32 = torch.randn(3, 9, 3)
bi = torch.arange(81).reshape(3, 9, 3) - 3
z64 = torch.tensor(2.0185562536004262, dtype=torch.float64)
z32 = torch.tensor(-1.1117100358475305)
print((a >= bi).tolist())
print((a - z32).tolist())
p = (torch.randn(7, 8) * 3).to(torch.float64)
q = torch.rand(8, 40, dtype=torch.float64) * 1e6
print((torch.matmul(p, q)).tolist())
print((a != z32).tolist())
print(a ** -1)
print((a ** -1).tolist())
a = (torch.randn(1) + 1).double()
b = (torch.arange(1, dtype=torch.float64).reshape(1) - 0) / 7
b32 = torch.randn(1)
bi = torch.arange(1).reshape(1) - 3
z64 = torch.tensor(-0.7143907057038552, dtype=torch.float64)
z32 = torch.tensor(-0.08136729000788279)
p = torch.rand(1, 33, dtype=torch.float64) * 1e6
q = torch.randn(33, 2, dtype=torch.float64) * 1e6
print(p @ q[:, 0])
print((p @ q[:, 0]).tolist())
print((a ** 3).tolist())
p = torch.rand(31, 5, dtype=torch.float64)
q = torch.randn(5, 1, dtype=torch.float64) * 1e6
print((torch.matmul(p, q)).tolist())
print((a.softmax(dim=-1)).tolist())
