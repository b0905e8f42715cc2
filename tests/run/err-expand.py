import torch
print("start")
t = torch.ones(2, 3)
print(t.expand(2, 4))
