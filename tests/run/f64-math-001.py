import torch
torch.manual_seed(644)
x = torch.rand(8, dtype=torch.float64) * 100
y = (torch.randn(8) * 10).to(torch.float64)
print((y ** 3.5).tolist())
x = torch.rand(6).double() * 4 - 2
y = x.clone()
y[y < 0] = torch.tensor(2.5, dtype=torch.float64)
print(y)
print((y).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print((torch.linalg.matrix_norm(x, -float('inf'))).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
x = torch.rand(2, 3, 4).double() * 4 - 2
y = x.clone()
print(x[x > 0])
print((x[x > 0]).tolist())
print(y)
print((y).tolist())
