# a dict error as Python raises it
import torch
print(dict(1, 2))
