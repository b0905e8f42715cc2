# a dict error as Python raises it
import torch
d = {'x': 1}
d['x'] += 'a'
