import torch
print('before')
y = torch.linalg.norm(torch.ones(2, 2, 2), 1)
print(y)
