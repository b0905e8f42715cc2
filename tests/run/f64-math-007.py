import torch
torch.manual_seed(832)
x = (torch.randn(3, 5) * 10).to(torch.float64)
print(torch.linalg.vector_norm(x, 1.5, dim=0, keepdim=True))
print((torch.linalg.vector_norm(x, 1.5, dim=0, keepdim=True)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print(x)
print((x).tolist())
x = torch.rand(2, 3, 4).double() * 4 - 2
y = x.clone()
y[0] = 0.1
y[..., -1] = torch.arange(6, dtype=torch.float64).reshape(2, 3)
print(y)
print((y).tolist())
x = torch.rand(3, dtype=torch.float64) * 1e-3
y = (torch.randn(3) * 10).to(torch.float64)
print((2 ** y).tolist())
