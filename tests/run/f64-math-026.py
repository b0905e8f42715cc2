import torch
torch.manual_seed(157)
x = (torch.randn(5) * 10).to(torch.float64)
print(torch.linalg.norm(x))
print((torch.linalg.norm(x)).tolist())
x = torch.randn(5, dtype=torch.float64)
print(x.norm(p=2, dim=-1, keepdim=True))
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = torch.rand(2, 16, dtype=torch.float64) * 1e-3
y = torch.randn(2, 16, dtype=torch.float64)
print((2 ** y).tolist())
x = (torch.randn(4, 7) * 10).to(torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
