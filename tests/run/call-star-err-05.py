import torch
import torch.nn as nn

print(torch.zeros(*[2]))
layer = nn.Linear(*5)
