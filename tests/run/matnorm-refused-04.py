import torch
print('before')
y = torch.linalg.norm(torch.ones(2, 3, 4), 'nuc', (0, 2))
print(y)
