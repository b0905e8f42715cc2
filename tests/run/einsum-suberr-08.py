import torch
a = torch.ones(2, 3)
b = torch.ones(3, 4)
print(torch.einsum(a, [0, 1], b, [1, 2], [0, 2]))
print(torch.einsum(a, [0, 1, 2]))
