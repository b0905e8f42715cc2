import torch
print('before')
y = torch.arange(6).norm()
print(y)
