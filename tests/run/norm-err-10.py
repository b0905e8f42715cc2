import torch
print('before')
y = torch.linalg.norm(torch.ones(2, 2, 2), dim=(0, 1, 2))
print(y)
