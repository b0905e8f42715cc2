import torch
print("ran")
from torch import optim
