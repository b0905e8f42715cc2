# F.dropout with a probability below 0: ValueError
import torch
import torch.nn.functional as F
print(F.dropout(torch.ones(2), p=-0.25))
