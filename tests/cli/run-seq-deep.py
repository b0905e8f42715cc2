import torch
# nn.Sequential nested 3000 deep, called: Python's RecursionError (200,000 deep crashed the C stack)
import torch.nn as nn
m = nn.Linear(2, 2)
for i in range(3000):
    m = nn.Sequential(m)
print("built")
print(m(torch.ones(2)).shape)
