import torch
torch.manual_seed(791)
x = torch.rand(8, 3, dtype=torch.float64) * 3
y = torch.randn(8, 3, dtype=torch.float64)
print(x ** y)
print((x ** y).tolist())
x = torch.randn(2, 3, 9, dtype=torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = torch.rand(2, 7, dtype=torch.float64) * 1e-3
y = (torch.randn(2, 7) * 10).to(torch.float64)
print((y ** 3.5).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print(torch.linalg.matrix_norm(x, -float('inf')))
print((torch.linalg.matrix_norm(x, -float('inf'))).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print((x).tolist())
x = torch.rand(2, 17, dtype=torch.float64) * 1
y = torch.randn(2, 17, dtype=torch.float64)
print(y ** 4)
print((y ** 4).tolist())
