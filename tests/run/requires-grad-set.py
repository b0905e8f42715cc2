import torch
torch.manual_seed(7)
x = torch.ones(2)
x.requires_grad = True
print(x, x.requires_grad, x.is_leaf)
y = x * 2
z = torch.ones(2)
z.requires_grad = False
print(z.requires_grad, y)
ps = [torch.randn(2, 2), torch.zeros(2)]
for p in ps:
  p.requires_grad = True
print(ps)
