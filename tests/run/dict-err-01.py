# a dict error as Python raises it
import torch
d = {'a': 1}
print(d[(1, 'x')])
