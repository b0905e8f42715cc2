# a dict error as Python raises it
import torch
d = {'a': 1}
d.pop('b')
