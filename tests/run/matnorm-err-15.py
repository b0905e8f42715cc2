import torch
print('before')
y = torch.linalg.matrix_norm(torch.ones(3, 0), 1)
print(y)
