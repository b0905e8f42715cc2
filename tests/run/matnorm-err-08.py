import torch
print('before')
y = torch.linalg.norm(torch.ones(2, 3), 3)
print(y)
