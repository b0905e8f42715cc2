import torch
print("ran")
import torch.optim
