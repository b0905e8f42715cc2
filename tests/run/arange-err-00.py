# a torch.arange PyTorch refuses
import torch
print(torch.arange(2.))
print(torch.arange(5, 0))
