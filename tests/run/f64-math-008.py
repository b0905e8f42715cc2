import torch
torch.manual_seed(105)
x = torch.rand(2, 33, dtype=torch.float64) * 1
y = (torch.randn(2, 33) * 10).to(torch.float64)
print((torch.pow(x, -1.25)).tolist())
x = torch.randn(2, 3, 9, dtype=torch.float64)
print((torch.linalg.matrix_norm(x, float('inf'))).tolist())
x = torch.rand(5).double() * 4 - 2
print((x.norm(-1)).tolist())
x = torch.randn(5, dtype=torch.float64)
print((torch.linalg.norm(x)).tolist())
x = torch.rand(2, 1, dtype=torch.float64) * 100
y = (torch.randn(2, 1) * 10).to(torch.float64)
print(x.t() ** 1.3)
print((x.t() ** 1.3).tolist())
x = torch.randn(17, dtype=torch.float64)
print(torch.linalg.vector_norm(x, 2, dim=0, keepdim=True))
print((torch.linalg.vector_norm(x, 2, dim=0, keepdim=True)).tolist())
