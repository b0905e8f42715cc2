# a dict error as Python raises it
import torch
torch.zeros(2, **{'out': None}, out=None)
