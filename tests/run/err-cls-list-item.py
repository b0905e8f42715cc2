import torch
import torch.nn as nn

heads = nn.ModuleList([nn.Linear(2, 2), torch.ones(2)])
