import torch

print(torch.flip(*[torch.arange(3)], (0,)))
print(torch.where(*0))
