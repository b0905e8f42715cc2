import torch
import torch.nn.functional as F

x = torch.randn(2, 3)
print(F.layer_norm(x, (3,), torch.ones(3, 1)))
