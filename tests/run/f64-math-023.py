import torch
torch.manual_seed(993)
x = torch.randn(4, 7, dtype=torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
x = torch.rand(2, 15, dtype=torch.float64) * 3
y = torch.rand(2, 15).double() * 4 - 2
print(2 ** y)
print((2 ** y).tolist())
x = torch.rand(2, 17, dtype=torch.float64) * 100
y = torch.rand(2, 17).double() * 4 - 2
print((2 ** y).tolist())
x = torch.rand(17).double() * 4 - 2
print(torch.linalg.norm(x))
print((torch.linalg.norm(x)).tolist())
