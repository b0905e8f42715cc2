# a dict error as Python raises it
import torch
d = {}
print([1] in d)
