import torch
import torch.nn as nn

heads = nn.ModuleList([nn.Linear(2, 2), nn.Dropout(0.5)])
print(len(heads), heads[-2])
print(heads[2])
