import torch
torch.manual_seed(422)
x = torch.rand(2, 3, dtype=torch.float64) * 1e-3
y = torch.randn(2, 3, dtype=torch.float64)
print(y ** 4)
print((y ** 4).tolist())
x = torch.randn(4, 7, dtype=torch.float64)
print((torch.linalg.norm(x, 1)).tolist())
x = torch.rand(2, 33, dtype=torch.float64) * 1e-3
y = torch.rand(2, 33).double() * 4 - 2
print(x ** y)
print((x ** y).tolist())
x = torch.rand(15, dtype=torch.float64) * 1e-3
y = torch.randn(15, dtype=torch.float64)
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
x = torch.randn(4, 7, dtype=torch.float64)
print((torch.linalg.norm(x)).tolist())
x = torch.rand(17, 3, dtype=torch.float64) * 1e-3
y = torch.rand(17, 3).double() * 4 - 2
print(torch.pow(x, 3.3))
print((torch.pow(x, 3.3)).tolist())
