import torch
print('before')
y = torch.linalg.norm(torch.ones(2, 3), 'fro', dim=1)
print(y)
