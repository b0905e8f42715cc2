import torch
print('before')
y = torch.ones(2, 3).norm(dim=(0, 1, 1))
print(y)
