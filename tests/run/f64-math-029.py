import torch
torch.manual_seed(332)
x = torch.randn(3, 5, dtype=torch.float64)
print((x.norm(0.3)).tolist())
x = torch.rand(16, 3, dtype=torch.float64) * 3
y = (torch.randn(16, 3) * 10).to(torch.float64)
print(x ** torch.tensor(1.5, dtype=torch.float64))
print((x ** torch.tensor(1.5, dtype=torch.float64)).tolist())
x = (torch.randn(3, 5) * 10).to(torch.float64)
print((torch.norm(x)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print((x).tolist())
x = torch.randn(5, dtype=torch.float64)
print((torch.norm(x)).tolist())
x = torch.randn(6, 6, dtype=torch.float64)
print(x.norm(dim=1))
print((x.norm(dim=1)).tolist())
x = torch.rand(5).double() * 4 - 2
print((x.norm()).tolist())
