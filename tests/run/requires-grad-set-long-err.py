import torch
x = torch.ones(2, dtype=torch.long)
x.requires_grad = False
print(x.requires_grad)
x.requires_grad = True
