# a dict error as Python raises it
import torch
print(len({1: 2}, 3))
