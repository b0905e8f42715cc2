import torch
print('before')
y = torch.ones(2, 3).norm(dtype=torch.float32)
print(y)
