import torch
print('before')
y = torch.linalg.norm(torch.ones(3), 'fro')
print(y)
