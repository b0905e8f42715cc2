import torch
import torch.nn as nn
m = nn.Linear(2, 2)
for i in range(3000):
    m = nn.Sequential(m)
print(len(str(m)))
