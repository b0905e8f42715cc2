import torch
print('before')
y = torch.linalg.norm(torch.ones(2, 0, 3), -float('inf'), (2, 1), keepdim=True)
print(y)
