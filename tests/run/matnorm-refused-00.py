import torch
print('before')
y = torch.linalg.matrix_norm(torch.ones(2, 3), 2)
print(y)
