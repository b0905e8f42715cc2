import torch
import torch.nn.functional as F
torch.manual_seed(684)
a = torch.rand(5, dtype=torch.float64) + 1
b = (torch.randn(5) * 3).to(torch.float64)
b32 = torch.randn(5)
bi = torch.arange(5).reshape(5) - 3
z64 = torch.tensor(-0.4483628751096438, dtype=torch.float64)
z32 = torch.tensor(-1.4976971848670695)
print(F.softmax(a * 5, dim=0))
print((F.softmax(a * 5, dim=0)).tolist())
print(torch.sum(a.float(), dtype=torch.float64))
print((torch.sum(a.float(), dtype=torch.float64)).tolist())
print(((a.abs() + 0.5) ** -0.5).tolist())
p = (torch.randn(3, 31) * 1e6).double()
q = (torch.randn(31, 15) * 3).to(torch.float64)
print((p[0].dot(p[0])).tolist())
a = (torch.arange(18, dtype=torch.float64).reshape(2, 9) - 9) / 7
b = (torch.randn(2, 9) * 3).to(torch.float64)
b32 = torch.randn(2, 9)
bi = torch.arange(18).reshape(2, 9) - 3
z64 = torch.tensor(-0.20491541702586336, dtype=torch.float64)
z32 = torch.tensor(-2.480001829205067)
print(a.argmax())
print((a.argmax()).tolist())
print(torch.softmax(a.masked_fill(torch.tril(a) == 0, float('-inf')), -1))
print((torch.softmax(a.masked_fill(torch.tril(a) == 0, float('-inf')), -1)).tolist())
print(a.argmax(0))
print((a.argmax(0)).tolist())
c = a.clone()
c -= 0.25
print(c)
print((c).tolist())
print((a.max()).tolist())
print((a % bi).tolist())
