import torch
print(torch.ones(3) in torch.ones(2))
