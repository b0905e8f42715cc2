import torch
import torch.nn.functional as F
torch.manual_seed(287)
a = torch.randn(4, 2, 1, dtype=torch.float64) + 1
b = (torch.arange(8, dtype=torch.float64).reshape(4, 2, 1) - 4) / 7
b32 = torch.randn(4, 2, 1)
bi = torch.arange(8).reshape(4, 2, 1) - 3
z64 = torch.tensor(-1.2514871005626378, dtype=torch.float64)
z32 = torch.tensor(0.019241623402079355)
print(a.softmax(dim=-2))
print((a.softmax(dim=-2)).tolist())
p = torch.randn(1, 40, dtype=torch.float64) * 10
q = torch.randn(40, 1, dtype=torch.float64) * 10
print((p @ q[:, 0]).tolist())
print(a * bi)
print((a * bi).tolist())
print((a.softmax(dim=-3)).tolist())
a = (torch.randn(5, 9) * 3).to(torch.float64)
b = (torch.randn(5, 9) * 3).to(torch.float64)
b32 = torch.randn(5, 9)
bi = torch.arange(45).reshape(5, 9) - 3
z64 = torch.tensor(-0.09302820236369147, dtype=torch.float64)
z32 = torch.tensor(-1.401742004003846)
print((a ** 0).tolist())
p = torch.rand(5, 5, dtype=torch.float64) + 1
q = (torch.arange(85, dtype=torch.float64).reshape(5, 17) - 42) / 7
print((p.mm(q)).tolist())
print(a + z32)
print((a + z32).tolist())
c = a.clone()
c -= b32
print((c).tolist())
a = (torch.randn(16) * 10).double()
b = (torch.randn(16)).double()
b32 = torch.randn(16)
bi = torch.arange(16).reshape(16) - 3
z64 = torch.tensor(0.8215148310024558, dtype=torch.float64)
z32 = torch.tensor(2.8580590973118776)
print((a.softmax(dim=-1)).tolist())
print((a // bi).tolist())
c = a.clone()
c -= b
print((c).tolist())
c = a.clone()
c -= 0.25
print((c).tolist())
