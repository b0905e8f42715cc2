import torch
import torch.nn.functional as F
torch.manual_seed(78)
a = (torch.arange(45, dtype=torch.float64).reshape(5, 9) - 22) / 7
b = (torch.randn(5, 9) * 3).to(torch.float64)
b32 = torch.randn(5, 9)
bi = torch.arange(45).reshape(5, 9) - 3
z64 = torch.tensor(-0.5986242647495859, dtype=torch.float64)
z32 = torch.tensor(-0.0405791368978754)
print((a.softmax(dim=0)).tolist())
print((a ** -2).tolist())
print((a.sum((0, 1), keepdim=True)).tolist())
print(a % bi)
print((a % bi).tolist())
a = (torch.arange(5, dtype=torch.float64).reshape(1, 5) - 2) / 7
b = torch.rand(1, 5, dtype=torch.float64) * 1e-3
b32 = torch.randn(1, 5)
bi = torch.arange(5).reshape(1, 5) - 3
z64 = torch.tensor(-1.8069041046212884, dtype=torch.float64)
z32 = torch.tensor(-1.673512730539532)
c = a.clone()
c += b
print(c)
print((c).tolist())
print(((a.abs() + 0.5) ** 0.5).tolist())
print((a.std()).tolist())
print(a.transpose(0, -1).var(1))
print((a.transpose(0, -1).var(1)).tolist())
