import torch
print('before')
y = torch.ones(2, 3).norm(p='nuc')
print(y)
