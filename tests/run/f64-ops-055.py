import torch
import torch.nn.functional as F
torch.manual_seed(702)
a = (torch.randn(8, 33) + 1).double()
b = (torch.randn(8, 33) * 10).double()
b32 = torch.randn(8, 33)
bi = torch.arange(264).reshape(8, 33) - 3
z64 = torch.tensor(1.065538353247291, dtype=torch.float64)
z32 = torch.tensor(1.3145759585743253)
print((a ** -2).tolist())
print(a * bi)
print((a * bi).tolist())
print((torch.tril(a)).tolist())
print(torch.sum(a.float(), dtype=torch.float64))
print((torch.sum(a.float(), dtype=torch.float64)).tolist())
print((torch.where(a > 0, a, 0.3)).tolist())
print((a.sum((0, 1), keepdim=True)).tolist())
a = (torch.arange(16, dtype=torch.float64).reshape(16) - 8) / 7
b = torch.randn(16, dtype=torch.float64) * 1e6
b32 = torch.randn(16)
bi = torch.arange(16).reshape(16) - 3
z64 = torch.tensor(2.367300529530201, dtype=torch.float64)
z32 = torch.tensor(2.923102996003175)
p = (torch.randn(31, 17) * 3).to(torch.float64)
q = torch.rand(17, 2, dtype=torch.float64)
print((p @ p.t()).tolist())
p = (torch.arange(480, dtype=torch.float64).reshape(15, 32) - 240) / 7
q = torch.rand(32, 7, dtype=torch.float64) * 1e6
print(p @ q[:, 0])
print((p @ q[:, 0]).tolist())
print((torch.stack([a, b])).tolist())
print(torch.sqrt(a.abs() + 1))
print((torch.sqrt(a.abs() + 1)).tolist())
c = a.clone()
c /= 3
print((c).tolist())
print((a < bi).tolist())
