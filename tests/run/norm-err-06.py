import torch
print('before')
y = torch.linalg.vector_norm(torch.ones(2, 3), dim=(0, 0))
print(y)
