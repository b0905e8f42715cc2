import torch
torch.manual_seed(962)
x = torch.rand(17, 3, dtype=torch.float64) * 3
y = torch.rand(17, 3).double() * 4 - 2
print((y ** 3.5).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
x = torch.rand(15, 3, dtype=torch.float64) * 1e-3
y = torch.rand(15, 3).double() * 4 - 2
print(torch.pow(x, 1.5))
print((torch.pow(x, 1.5)).tolist())
x = torch.randn(3, 5, dtype=torch.float64)
print((x.norm(p=2, dim=-1, keepdim=True)).tolist())
