import torch
import torch.nn.functional as F

x = torch.randn(2, 3, 4)
print(F.layer_norm(x, (3, 4)).shape)
print(F.layer_norm(x, (4, 3)))
