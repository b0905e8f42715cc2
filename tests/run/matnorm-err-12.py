import torch
print('before')
y = torch.linalg.matrix_norm(torch.ones(0, 3), 1)
print(y)
