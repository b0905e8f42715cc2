import torch
torch.manual_seed(897)
x = torch.rand(2, 1, dtype=torch.float64) * 3
y = torch.rand(2, 1).double() * 4 - 2
print(2 ** y)
print((2 ** y).tolist())
x = (torch.randn(17) * 10).to(torch.float64)
print((x.norm(dim=0)).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print((x.norm(3)).tolist())
x = torch.rand(16, dtype=torch.float64) * 3
y = torch.rand(16).double() * 4 - 2
print(y ** 4)
print((y ** 4).tolist())
x = torch.rand(2, 1, dtype=torch.float64) * 1
y = torch.rand(2, 1).double() * 4 - 2
print((y ** 3.5).tolist())
x = torch.rand(2, 9, dtype=torch.float64) * 100
y = (torch.randn(2, 9) * 10).to(torch.float64)
print(x ** torch.tensor(1.5, dtype=torch.float64))
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
