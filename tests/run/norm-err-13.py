import torch
print('before')
y = torch.linalg.vector_norm(torch.ones(3), 'fro')
print(y)
