import torch
x = torch.ones(2000, 2000) / 2000
print("start")
y = x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x @ x
print(y.shape)
