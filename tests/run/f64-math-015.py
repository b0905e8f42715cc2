import torch
torch.manual_seed(554)
x = torch.randn(4, 5, dtype=torch.float64)
y = x.clone()
print((torch.einsum('ij,kj->ik', x, x)).tolist())
print((y).tolist())
x = torch.rand(17, dtype=torch.float64) * 1e-3
y = torch.rand(17).double() * 4 - 2
print(torch.pow(x, 1.5))
print((torch.pow(x, 1.5)).tolist())
x = torch.rand(2, 3, 9).double() * 4 - 2
print(x.norm())
print((x.norm()).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
