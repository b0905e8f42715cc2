import torch
x = torch.ones(2)
x.requires_grad = 1
