import torch
import torch.nn.functional as F
torch.manual_seed(282)
a = torch.randn(5, dtype=torch.float64) + 1
b = torch.randn(5, dtype=torch.float64) * 10
b32 = torch.randn(5)
bi = torch.arange(5).reshape(5) - 3
z64 = torch.tensor(0.4839978572104262, dtype=torch.float64)
z32 = torch.tensor(2.2862286441518185)
print(a.exp())
print((a.exp()).tolist())
p = (torch.randn(8, 16) + 1).double()
q = torch.randn(16, 5, dtype=torch.float64) * 1e-3
print(p @ q)
print((p @ q).tolist())
print((a.masked_fill(a < 0.5, 0.1)).tolist())
print((a.mean()).tolist())
print((a.abs() + 0.5) ** -0.5)
print(((a.abs() + 0.5) ** -0.5).tolist())
print((a == b).tolist())
a = torch.randn(9, 2, 4, dtype=torch.float64) * 10
b = torch.randn(9, 2, 4, dtype=torch.float64) * 10
b32 = torch.randn(9, 2, 4)
bi = torch.arange(72).reshape(9, 2, 4) - 3
z64 = torch.tensor(-2.424959544431381, dtype=torch.float64)
z32 = torch.tensor(-2.531869029941043)
print((a.abs() + 0.5) ** 0.5)
print(((a.abs() + 0.5) ** 0.5).tolist())
print(((a.abs() + 0.5) ** -0.5).tolist())
p = (torch.arange(496, dtype=torch.float64).reshape(31, 16) - 248) / 7
q = (torch.randn(16, 3) * 3).to(torch.float64)
print(p[0] @ q)
print((p[0] @ q).tolist())
print(torch.tril(a))
print((torch.tril(a)).tolist())
a = (torch.randn(4, 33, 5) * 1e6).double()
b = (torch.randn(4, 33, 5) * 3).to(torch.float64)
b32 = torch.randn(4, 33, 5)
bi = torch.arange(660).reshape(4, 33, 5) - 3
z64 = torch.tensor(-1.9611215671199345, dtype=torch.float64)
z32 = torch.tensor(2.0655023031040196)
print((torch.tril(a)).tolist())
print(a >= b)
print((a >= b).tolist())
c = a.clone()
c /= 3
print(c)
print((c).tolist())
print((a >= b).tolist())
