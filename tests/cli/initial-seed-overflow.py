import torch
torch.manual_seed(-1)
print(torch.rand(1))
print(torch.initial_seed())
