# Module.to refused as PyTorch refuses it
import torch
l = torch.nn.Linear(2, 2)
print(l.to(torch.float64).weight.dtype)
l.to(torch.long)
