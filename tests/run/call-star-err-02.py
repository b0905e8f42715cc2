import torch
print(torch.zeros(*None))
