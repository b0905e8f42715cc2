import torch
torch.manual_seed(59)
x = torch.rand(8, 3, dtype=torch.float64) * 1
y = (torch.randn(8, 3) * 10).to(torch.float64)
print((torch.pow(x, y)).tolist())
x = (torch.randn(3, 5) * 10).to(torch.float64)
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
x = (torch.randn(2, 3, 9) * 10).to(torch.float64)
print(torch.norm(x, p='fro', dim=(0, 1)))
print((torch.norm(x, p='fro', dim=(0, 1))).tolist())
