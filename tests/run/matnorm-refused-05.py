import torch
print('before')
y = torch.norm(torch.ones(2, 3), 'nuc')
print(y)
