# a torch.arange PyTorch refuses
import torch
print(torch.arange(2.))
print(torch.arange(0, 5, 0.5, dtype=torch.long))
