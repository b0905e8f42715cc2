import torch
import torch.nn.functional as F
torch.manual_seed(540)
a = torch.rand(3, 3, dtype=torch.float64) * 1e-3
b = (torch.arange(9, dtype=torch.float64).reshape(3, 3) - 4) / 7
b32 = torch.randn(3, 3)
bi = torch.arange(9).reshape(3, 3) - 3
z64 = torch.tensor(1.3998936643068784, dtype=torch.float64)
z32 = torch.tensor(1.7958289370447673)
print((a.argmax()).tolist())
print(torch.stack([a, b]))
print((torch.stack([a, b])).tolist())
c = a.clone()
c *= b
print((c).tolist())
a = (torch.randn(3, 7, 17) * 3).to(torch.float64)
b = (torch.arange(357, dtype=torch.float64).reshape(3, 7, 17) - 178) / 7
b32 = torch.randn(3, 7, 17)
bi = torch.arange(357).reshape(3, 7, 17) - 3
z64 = torch.tensor(-0.4888884523834425, dtype=torch.float64)
z32 = torch.tensor(2.4512020446719687)
print(a.mean())
print((a.mean()).tolist())
print(a.abs().sqrt())
print((a.abs().sqrt()).tolist())
print(a != 7)
print((a != 7).tolist())
print((a * bi).tolist())
print((a.mean(0)).tolist())
