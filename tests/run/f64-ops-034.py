import torch
import torch.nn.functional as F
torch.manual_seed(152)
a = (torch.randn(1, 7)).double()
b = torch.randn(1, 7, dtype=torch.float64) * 1e6
b32 = torch.randn(1, 7)
bi = torch.arange(7).reshape(1, 7) - 3
z64 = torch.tensor(-1.5653838237786104, dtype=torch.float64)
z32 = torch.tensor(-1.4953474586050577)
print((a.min()).tolist())
print((torch.softmax(a.masked_fill(torch.tril(a) == 0, float('-inf')), -1)).tolist())
print(a * b32)
print((a * b32).tolist())
print((a.exp()).tolist())
p = (torch.randn(8, 17) * 1e-3).double()
q = torch.rand(17, 32, dtype=torch.float64) * 1e6
print(torch.stack([p, p + 1]) @ q)
print((torch.stack([p, p + 1]) @ q).tolist())
print((a == bi).tolist())
a = torch.randn(16, 2, dtype=torch.float64) * 1e-3
b = (torch.arange(32, dtype=torch.float64).reshape(16, 2) - 16) / 7
b32 = torch.randn(16, 2)
bi = torch.arange(32).reshape(16, 2) - 3
z64 = torch.tensor(0.6055800468383712, dtype=torch.float64)
z32 = torch.tensor(-0.24396241419204312)
print((torch.softmax(a, 0)).tolist())
print((a.masked_fill(a > 0, float('-inf'))).tolist())
c = a.clone()
c -= 0.25
print(c)
print((c).tolist())
