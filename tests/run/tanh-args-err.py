import torch
print(torch.tanh(torch.ones(2)))
print(torch.tanh(torch.ones(2), 1))
