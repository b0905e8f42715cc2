# a dict error as Python raises it
import torch
x = torch.ones(2)
x.view(*3)
