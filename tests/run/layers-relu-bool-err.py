import torch

print(torch.relu(torch.tensor([1.0, -1.0]) > 0))
