import torch
g = torch.Generator()
print(g.initial_seed())
print(g.get_state())
