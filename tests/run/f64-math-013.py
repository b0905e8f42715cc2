import torch
torch.manual_seed(812)
x = torch.rand(9, dtype=torch.float64) * 1
y = (torch.randn(9) * 10).to(torch.float64)
print(torch.pow(x, -1.25))
print((torch.pow(x, -1.25)).tolist())
x = (torch.randn(3, 5) * 10).to(torch.float64)
print(torch.linalg.matrix_norm(x, -float('inf')))
print((torch.linalg.matrix_norm(x, -float('inf'))).tolist())
x = torch.rand(17).double() * 4 - 2
print((x.norm(dim=-1)).tolist())
