import torch
import torch.nn.functional as F
torch.manual_seed(242)
a = (torch.randn(7, 5)).double()
b = (torch.randn(7, 5) * 3).to(torch.float64)
b32 = torch.randn(7, 5)
bi = torch.arange(35).reshape(7, 5) - 3
z64 = torch.tensor(-1.2747712108671458, dtype=torch.float64)
z32 = torch.tensor(-2.921171635181303)
print((torch.softmax(a, -2)).tolist())
print(a.float().mean(dtype=torch.float64))
print((a.float().mean(dtype=torch.float64)).tolist())
print(a ** -2)
print((a ** -2).tolist())
c = a.clone()
c -= 0.25
print(c)
print((c).tolist())
a = (torch.randn(9) * 3).to(torch.float64)
b = (torch.randn(9) * 3).to(torch.float64)
b32 = torch.randn(9)
bi = torch.arange(9).reshape(9) - 3
z64 = torch.tensor(0.3046472138882801, dtype=torch.float64)
z32 = torch.tensor(1.2581090232506584)
p = (torch.arange(465, dtype=torch.float64).reshape(31, 15) - 232) / 7
q = (torch.arange(105, dtype=torch.float64).reshape(15, 7) - 52) / 7
print((p[0] @ q).tolist())
print((a.var(0)).tolist())
print((a.argmax(0)).tolist())
print(F.softmax(a * 5, dim=0))
print((F.softmax(a * 5, dim=0)).tolist())
