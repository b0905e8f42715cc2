import torch
import torch.nn.functional as F

print(F.layer_norm(torch.randn(2, 3), []))
