import torch
g = torch.Generator()
print(g.manual_seed(1) is g)
g.manual_seed(1.5)
