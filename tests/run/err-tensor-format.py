import torch
t = torch.ones(2, 3)
print(f"{t.sum():.1f}")
print(f"{t:.2f}")
