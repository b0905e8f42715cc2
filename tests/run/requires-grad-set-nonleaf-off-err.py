import torch
x = torch.ones(2)
y = x * 2
y.requires_grad = False
print(y)
x.requires_grad = True
(x + 1).requires_grad = False
