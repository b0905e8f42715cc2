# split, chunk, unbind: PyTorch's message
import torch
x = torch.arange(10.)
print(x.split(4))
print(torch.tensor(1.).unbind())
