import torch

t = torch.Tensor(**5)
