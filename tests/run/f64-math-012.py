import torch
torch.manual_seed(166)
x = torch.rand(2, 3, 4).double() * 4 - 2
y = x.clone()
print(torch.einsum('bij,bkj->bik', x, x))
print((torch.einsum('bij,bkj->bik', x, x)).tolist())
print((y).tolist())
x = (torch.randn(2, 3, 4) * 10).to(torch.float64)
y = x.clone()
y[y < 0] = -7
print(y)
print((y).tolist())
x = (torch.randn(5) * 10).to(torch.float64)
print((x.norm(dim=-1)).tolist())
x = x / x.norm(dim=-1, keepdim=True)
print((x).tolist())
x = torch.rand(2, 1, dtype=torch.float64) * 1
y = (torch.randn(2, 1) * 10).to(torch.float64)
print(y ** 4)
print((y ** 4).tolist())
