import torch
x = torch.tensor(1.5)
print(~(x > 1), ~torch.tensor([5]))
print(~x)
