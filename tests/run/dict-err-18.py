# a dict error as Python raises it
import torch
d = {}
d.items(1)
