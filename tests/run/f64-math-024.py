import torch
torch.manual_seed(503)
x = torch.randn(17, dtype=torch.float64)
print((x.norm()).tolist())
x = torch.rand(1, 3, dtype=torch.float64) * 3
y = torch.rand(1, 3).double() * 4 - 2
print(2 ** y)
print((2 ** y).tolist())
x = torch.randn(6, 6, dtype=torch.float64)
print(torch.norm(x, p='fro', dim=(0, 1)))
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
x = (torch.randn(5) * 10).to(torch.float64)
print((torch.linalg.norm(x)).tolist())
x = torch.rand(17).double() * 4 - 2
print(x.norm(p=2, dim=-1, keepdim=True))
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = torch.rand(2, 16, dtype=torch.float64) * 3
y = torch.rand(2, 16).double() * 4 - 2
print((torch.pow(x, 3.3)).tolist())
