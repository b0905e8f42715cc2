import torch
torch.manual_seed(801)
x = torch.rand(100).double() * 4 - 2
print((torch.linalg.vector_norm(x, 1, dim=0, keepdim=True)).tolist())
x = torch.rand(2, 7, dtype=torch.float64) * 1e-3
y = torch.rand(2, 7).double() * 4 - 2
print(torch.pow(x, 1.5))
print((torch.pow(x, 1.5)).tolist())
x = torch.rand(17, 3, dtype=torch.float64) * 100
y = (torch.randn(17, 3) * 10).to(torch.float64)
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print(torch.norm(x, p='fro', dim=(0, 1)))
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
