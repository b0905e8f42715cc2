import torch
import torch.nn.functional as F
x = torch.ones(2, 3)
print(F.softmax(x, dim=0))
print(F.softmax(x, axis=0))
