import torch
import torch.nn.functional as F
torch.manual_seed(246)
a = (torch.randn(8, 1, 2) * 3).to(torch.float64)
b = (torch.randn(8, 1, 2) * 10).double()
b32 = torch.randn(8, 1, 2)
bi = torch.arange(16).reshape(8, 1, 2) - 3
z64 = torch.tensor(2.8708737166134064, dtype=torch.float64)
z32 = torch.tensor(0.3695218504564708)
print(a.transpose(0, -1).mean(0))
print((a.transpose(0, -1).mean(0)).tolist())
p = torch.randn(40, 33, dtype=torch.float64) * 1e-3
q = torch.rand(33, 8, dtype=torch.float64) * 10
print((p @ p.t()).tolist())
print(a.masked_fill(a > 0, float('-inf')))
print((a.masked_fill(a > 0, float('-inf'))).tolist())
a = torch.rand(1, 5, dtype=torch.float64) * 10
b = (torch.arange(5, dtype=torch.float64).reshape(1, 5) - 2) / 7
b32 = torch.randn(1, 5)
bi = torch.arange(5).reshape(1, 5) - 3
z64 = torch.tensor(-0.46475999148392244, dtype=torch.float64)
z32 = torch.tensor(1.4044414180848737)
print(a.max())
print((a.max()).tolist())
print((a ** 0).tolist())
print((a.sum()).tolist())
print((torch.tril(a)).tolist())
