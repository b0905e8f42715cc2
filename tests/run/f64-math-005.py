import torch
torch.manual_seed(246)
x = torch.randn(2, 3, 9, dtype=torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = torch.rand(3, dtype=torch.float64) * 1
y = torch.randn(3, dtype=torch.float64)
print(2 ** y)
print((2 ** y).tolist())
x = torch.rand(100).double() * 4 - 2
print(torch.norm(x))
print((torch.norm(x)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
x = torch.rand(2, 3, 9).double() * 4 - 2
print((torch.norm(x)).tolist())
x = torch.rand(15, 3, dtype=torch.float64) * 1
y = torch.rand(15, 3).double() * 4 - 2
print(x ** torch.tensor(1.5, dtype=torch.float64))
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
