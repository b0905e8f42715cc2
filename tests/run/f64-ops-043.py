import torch
import torch.nn.functional as F
torch.manual_seed(73)
a = torch.rand(9, 2, dtype=torch.float64)
b = (torch.randn(9, 2) + 1).double()
b32 = torch.randn(9, 2)
bi = torch.arange(18).reshape(9, 2) - 3
z64 = torch.tensor(-1.9646913488568456, dtype=torch.float64)
z32 = torch.tensor(1.8423965894782848)
print((a != bi).tolist())
print((torch.softmax(a, 0)).tolist())
print((torch.tril(a)).tolist())
print(torch.where(a > b, a, b))
print((torch.where(a > b, a, b)).tolist())
print((a.argmax()).tolist())
a = (torch.randn(3, 9) * 3).to(torch.float64)
b = torch.randn(3, 9, dtype=torch.float64)
b32 = torch.randn(3, 9)
bi = torch.arange(27).reshape(3, 9) - 3
z64 = torch.tensor(1.8707438896507824, dtype=torch.float64)
z32 = torch.tensor(2.083510576586086)
print(a ** 0)
print((a ** 0).tolist())
c = a.clone()
c += 3
print((c).tolist())
print(a ** 1)
print((a ** 1).tolist())
print((a.argmax(1)).tolist())
print(torch.exp(a / 4))
print((torch.exp(a / 4)).tolist())
print((torch.pow(a, 2)).tolist())
a = torch.randn(5, 33, 33, dtype=torch.float64) * 1e-3
b = (torch.randn(5, 33, 33) * 1e-3).double()
b32 = torch.randn(5, 33, 33)
bi = torch.arange(5445).reshape(5, 33, 33) - 3
z64 = torch.tensor(-2.5018626869263554, dtype=torch.float64)
z32 = torch.tensor(2.1935767734493927)
p = torch.randn(16, 3, dtype=torch.float64) * 1e-3
q = torch.rand(3, 2, dtype=torch.float64) * 1e-3
print((p @ q[:, 0]).tolist())
print(a ** 0)
print((a ** 0).tolist())
c = a.clone()
c += b
print((c).tolist())
p = torch.randn(17, 17, dtype=torch.float64)
q = torch.rand(17, 7, dtype=torch.float64) + 1
print((p[0] @ q).tolist())
print((2 / a).tolist())
c = a.clone()
c += 3
print((c).tolist())
