import torch
x = 3
x
torch.tensor([1.])
print(x)
