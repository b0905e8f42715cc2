import torch
x = torch.ones(2, 3)
print(torch.flip(x, 0))
