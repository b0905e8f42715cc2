import torch
import torch.nn.functional as F
torch.manual_seed(496)
a = (torch.randn(7, 17) * 3).to(torch.float64)
b = torch.randn(7, 17, dtype=torch.float64) + 1
b32 = torch.randn(7, 17)
bi = torch.arange(119).reshape(7, 17) - 3
z64 = torch.tensor(-2.1191020582786693, dtype=torch.float64)
z32 = torch.tensor(0.23231618720355218)
print(a.abs().sqrt())
print((a.abs().sqrt()).tolist())
print((a.min()).tolist())
print((a ** -2).tolist())
print(a.transpose(0, -1).mean(0))
print((a.transpose(0, -1).mean(0)).tolist())
a = torch.randn(33, 9, dtype=torch.float64) * 10
b = (torch.randn(33, 9) * 3).to(torch.float64)
b32 = torch.randn(33, 9)
bi = torch.arange(297).reshape(33, 9) - 3
z64 = torch.tensor(-1.7107229171653615, dtype=torch.float64)
z32 = torch.tensor(2.6407797949967833)
c = a.clone()
c -= b32
print(c)
print((c).tolist())
print(a.argmax(0))
print((a.argmax(0)).tolist())
print(a - bi)
print((a - bi).tolist())
print((a.min()).tolist())
print(a.max())
print((a.max()).tolist())
print(((a.abs() + 0.5) ** 0.5).tolist())
