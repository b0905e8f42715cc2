import torch
a = torch.ones(2, 3)
b = torch.ones(3, 4)
print(torch.einsum("ij,jk", a, b))
print(torch.einsum("...i...,jk", a, b))
