# a dict error as Python raises it
import torch
d = {}
d[(1, [2])] = 2
