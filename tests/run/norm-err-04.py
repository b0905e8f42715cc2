import torch
print('before')
y = torch.ones(2, 3).norm(dim=5)
print(y)
