import torch
print('before')
y = torch.ones(3).norm(True)
print(y)
