import torch
x = torch.ones(2)
x.requires_grad = True
print(x)
(x * 2).requires_grad = True
