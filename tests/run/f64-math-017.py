import torch
torch.manual_seed(243)
x = (torch.randn(4, 7) * 10).to(torch.float64)
print((x.norm(dim=-1)).tolist())
x = (torch.randn(5) * 10).to(torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
x = (torch.randn(3, 5) * 10).to(torch.float64)
print((torch.norm(x)).tolist())
x = torch.randn(100, dtype=torch.float64)
print(x.norm(dim=0))
print((x.norm(dim=0)).tolist())
x = torch.rand(33, 3, dtype=torch.float64) * 1
y = torch.rand(33, 3).double() * 4 - 2
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print(x.norm(p=2, dim=-1, keepdim=True))
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
