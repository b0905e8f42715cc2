import torch
torch.manual_seed(0)
print(torch.multinomial(torch.ones(3), 2, generator=None))
torch.multinomial(torch.ones(3), 2, generator=5)
