import torch
print("a" in torch.ones(2))
