import torch
print(torch.log(torch.ones(2)))
print(torch.tanh(torch.ones(2).double()))
