import torch
print('before')
y = torch.linalg.vector_norm(torch.arange(6))
print(y)
