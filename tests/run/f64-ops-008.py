import torch
import torch.nn.functional as F
torch.manual_seed(575)
a = (torch.arange(68, dtype=torch.float64).reshape(17, 4) - 34) / 7
b = torch.randn(17, 4, dtype=torch.float64) * 10
b32 = torch.randn(17, 4)
bi = torch.arange(68).reshape(17, 4) - 3
z64 = torch.tensor(-2.321550909932939, dtype=torch.float64)
z32 = torch.tensor(-2.903146896611712)
print((a.min(1).values).tolist())
print(torch.pow(a, 2))
print((torch.pow(a, 2)).tolist())
print(a.argmax(0))
print((a.argmax(0)).tolist())
print((a.argmax()).tolist())
p = torch.rand(31, 16, dtype=torch.float64)
q = (torch.arange(16, dtype=torch.float64).reshape(16, 1) - 8) / 7
print(((q.t() @ p.t()).t()).tolist())
a = torch.rand(7, 3, 3, dtype=torch.float64)
b = torch.rand(7, 3, 3, dtype=torch.float64) * 10
b32 = torch.randn(7, 3, 3)
bi = torch.arange(63).reshape(7, 3, 3) - 3
z64 = torch.tensor(-1.323387945404389, dtype=torch.float64)
z32 = torch.tensor(1.8054963940409223)
c = a.clone()
c /= 0.25
print((c).tolist())
c = a.clone()
c /= b32
print(c)
print((c).tolist())
p = torch.rand(7, 16, dtype=torch.float64) * 10
q = (torch.randn(16, 2) * 1e6).double()
print((p[0] @ q).tolist())
print(a * z32)
print((a * z32).tolist())
print((a ** 0).tolist())
a = torch.rand(17, 1, dtype=torch.float64)
b = torch.randn(17, 1, dtype=torch.float64) * 1e-3
b32 = torch.randn(17, 1)
bi = torch.arange(17).reshape(17, 1) - 3
z64 = torch.tensor(-0.04234859653822287, dtype=torch.float64)
z32 = torch.tensor(-1.708407816129811)
c = a.clone()
c += 0.25
print(c)
print((c).tolist())
print(a.transpose(0, -1).std(1))
print((a.transpose(0, -1).std(1)).tolist())
print(a.min(1).values)
print((a.min(1).values).tolist())
print(a.mean(1))
print((a.mean(1)).tolist())
print((a.max()).tolist())
print((a ** 0).tolist())
