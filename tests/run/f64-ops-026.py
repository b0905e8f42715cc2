import torch
import torch.nn.functional as F
torch.manual_seed(827)
a = (torch.randn(4, 33) * 1e6).double()
b = (torch.randn(4, 33) * 1e6).double()
b32 = torch.randn(4, 33)
bi = torch.arange(132).reshape(4, 33) - 3
z64 = torch.tensor(1.6477933136612766, dtype=torch.float64)
z32 = torch.tensor(-0.3400310041948913)
print(a ** -2)
print((a ** -2).tolist())
print((torch.where(a > b, a, b)).tolist())
p = torch.randn(5, 33, dtype=torch.float64) + 1
q = (torch.arange(231, dtype=torch.float64).reshape(33, 7) - 115) / 7
print(p @ q)
print((p @ q).tolist())
p = (torch.randn(3, 32) + 1).double()
q = (torch.randn(32, 33)).double()
print((p @ p.t()).tolist())
print(a.min(1).values)
print((a.min(1).values).tolist())
a = (torch.randn(8, 17) * 10).double()
b = torch.randn(8, 17, dtype=torch.float64) * 10
b32 = torch.randn(8, 17)
bi = torch.arange(136).reshape(8, 17) - 3
z64 = torch.tensor(0.7769759981276376, dtype=torch.float64)
z32 = torch.tensor(2.2796919996038767)
print(a.transpose(0, -1).mean(0))
print((a.transpose(0, -1).mean(0)).tolist())
print((a - z32).tolist())
c = a.clone()
c *= b
print((c).tolist())
c = a.clone()
c *= b32
print((c).tolist())
