import torch
print('before')
y = torch.linalg.norm(torch.ones(2, 3), 'abc')
print(y)
