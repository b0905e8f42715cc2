import torch
print('before')
y = torch.linalg.vector_norm(torch.zeros(0), ord=-1)
print(y)
