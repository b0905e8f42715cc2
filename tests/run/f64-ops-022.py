import torch
import torch.nn.functional as F
torch.manual_seed(799)
a = torch.randn(1, 8, dtype=torch.float64) * 10
b = (torch.randn(1, 8) * 3).to(torch.float64)
b32 = torch.randn(1, 8)
bi = torch.arange(8).reshape(1, 8) - 3
z64 = torch.tensor(-2.5917023783978563, dtype=torch.float64)
z32 = torch.tensor(0.7159021537604655)
c = a.clone()
c *= b
print((c).tolist())
print(a.exp())
print((a.exp()).tolist())
print(a == z32)
print((a == z32).tolist())
a = (torch.arange(27, dtype=torch.float64).reshape(3, 9) - 13) / 7
b = torch.randn(3, 9, dtype=torch.float64) + 1
b32 = torch.randn(3, 9)
bi = torch.arange(27).reshape(3, 9) - 3
z64 = torch.tensor(0.0853594043519128, dtype=torch.float64)
z32 = torch.tensor(-0.4122695713239364)
print((torch.softmax(a, 0)).tolist())
print(7 * a)
print((7 * a).tolist())
p = torch.randn(17, 32, dtype=torch.float64) * 10
q = (torch.randn(32, 15) * 3).to(torch.float64)
print((p @ q[:, 0]).tolist())
