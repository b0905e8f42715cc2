import torch
print(torch.multinomial(torch.tensor([0.2, 0.8]), 1, replacement=True, generator=torch.Generator().manual_seed(1)))
torch.multinomial(torch.tensor([1.0, float("nan")]), 2, replacement=True)
