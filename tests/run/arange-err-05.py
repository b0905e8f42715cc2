# a torch.arange PyTorch refuses
import torch
print(torch.arange(2.))
print(torch.arange(1.5, 0.5, 0.25))
